import CCurlShims
import CNcursesShims
import Testing

/// The C shims answer with the values the C headers define.
@Suite struct ShimTests {
    @Test func wcwidthKnowsWideAndCombiningCharacters() {
        setlocale(LC_ALL, "C.UTF-8")
        #expect(ferry_nc_wcwidth(wchar_t(UnicodeScalar("a").value)) == 1)
        #expect(ferry_nc_wcwidth(wchar_t(UnicodeScalar("界").value)) == 2)
        #expect(ferry_nc_wcwidth(wchar_t(0x0301)) == 0)  // combining acute accent
        #expect(ferry_nc_wcwidth(wchar_t(0x07)) == -1)  // BEL is not printable
    }

    @Test func attributeConstantsAreDistinctBits() {
        let attrs = [ferry_nc_attr_bold(), ferry_nc_attr_dim(), ferry_nc_attr_underline(), ferry_nc_attr_reverse()]
        #expect(Set(attrs).count == attrs.count)
        #expect(attrs.allSatisfy { $0 != 0 && $0 & ($0 - 1) == 0 })
        #expect(ferry_nc_key_f(1) == ferry_nc_key_f(0) + 1)
    }

    @Test func curlReportsItsVersionAndInitialises() {
        #expect(ferry_curl_global_init() == CURLE_OK)
        let version = String(cString: ferry_curl_version())
        #expect(version.split(separator: ".").count == 3)
        #expect(ferry_curl_http_version_1_1() != ferry_curl_http_version_2tls())
    }
}
