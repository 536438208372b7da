import CCurl
import CCurlShims
import Foundation

/// A transfer's easy handle, configured from its request as for `ferry send`, turned into one a load
/// sends again and again: no tracing, no response kept but what `LoadSlot` samples, the body sent from memory.
extension CurlTransfer {
    func prepareForLoad(slot: LoadSlot, body: Data?, http2PriorKnowledge: Bool) throws {
        let context = Unmanaged.passUnretained(slot).toOpaque()
        try set(CURLOPT_VERBOSE, 0)
        try check(ferry_curl_easy_setopt_pointer(handle, CURLOPT_PRIVATE, context))
        // libcurl's default receive buffer: thousands of connections each holding 128 KB would not be bounded.
        try set(CURLOPT_BUFFERSIZE, 16 * 1024)
        try check(ferry_curl_easy_setopt_io_callback(handle, CURLOPT_WRITEFUNCTION, loadWriteCallback))
        try check(ferry_curl_easy_setopt_pointer(handle, CURLOPT_WRITEDATA, context))
        try check(ferry_curl_easy_setopt_io_callback(handle, CURLOPT_HEADERFUNCTION, loadHeaderCallback))
        try check(ferry_curl_easy_setopt_pointer(handle, CURLOPT_HEADERDATA, context))
        if let body {
            // Set after the read callback `ferry send` streams with: libcurl sends POSTFIELDS when it has them.
            try check(ferry_curl_easy_setopt_off_t(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count)))
            try body.withUnsafeBytes { bytes in
                try check(
                    ferry_curl_easy_setopt_pointer(handle, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: bytes.baseAddress!)))
            }
        }
        if http2PriorKnowledge { try set(CURLOPT_HTTP_VERSION, ferry_curl_http_version_2_prior_knowledge()) }
    }
}

private func slot(_ context: UnsafeMutableRawPointer?) -> LoadSlot {
    Unmanaged<LoadSlot>.fromOpaque(context!).takeUnretainedValue()
}

let loadWriteCallback: ferry_curl_io_callback = { buffer, size, count, context in
    slot(context).receiveBody(UnsafeRawBufferPointer(start: buffer, count: size * count))
    return size * count
}

let loadHeaderCallback: ferry_curl_io_callback = { buffer, size, count, context in
    slot(context).receiveHeaderLine(UnsafeRawBufferPointer(start: buffer, count: size * count))
    return size * count
}
