import CCurl
import CCurlShims

// The C callbacks libcurl calls on the loop thread. Each receives the transfer as its context
// pointer (unretained: the loop keeps the transfer alive while its handle is active).

private func transfer(_ context: UnsafeMutableRawPointer?) -> CurlTransfer {
    Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue()
}

let curlWriteCallback: ferry_curl_io_callback = { buffer, size, count, context in
    transfer(context).receiveBody(UnsafeRawBufferPointer(start: buffer, count: size * count))
}

let curlHeaderCallback: ferry_curl_io_callback = { buffer, size, count, context in
    transfer(context).receiveHeaderLine(UnsafeRawBufferPointer(start: buffer, count: size * count)) ? size * count : 0
}

let curlReadCallback: ferry_curl_io_callback = { buffer, size, count, context in
    transfer(context).readBody(into: UnsafeMutableRawBufferPointer(start: buffer, count: size * count))
}

let curlSeekCallback: curl_seek_callback = { context, offset, origin in
    transfer(context).seekBody(offset: offset, origin: origin)
}

let curlProgressCallback: curl_xferinfo_callback = { context, downloadTotal, downloaded, uploadTotal, uploaded in
    transfer(context).reportProgress(
        downloadTotal: downloadTotal, downloaded: downloaded,
        uploadTotal: uploadTotal, uploaded: uploaded)
}

let curlDebugCallback: curl_debug_callback = { _, type, data, size, context in
    transfer(context).observe(type, UnsafeRawBufferPointer(start: data, count: size))
    return 0
}
