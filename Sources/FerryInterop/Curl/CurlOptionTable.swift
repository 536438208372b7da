/// Every option of curl 7.88 (`curl --help all`) and whether it is followed by a value, so a
/// command using options Ferry does not act on is still read word for word.
enum CurlOptionTable {
    /// Long names (without `--`) of the options that take a value.
    static let longWithValue: Set<String> = [
        "abstract-unix-socket", "alt-svc", "aws-sigv4", "cacert", "capath", "cert",
        "cert-type", "ciphers", "config", "connect-timeout", "connect-to", "continue-at",
        "cookie", "cookie-jar", "create-file-mode", "crlfile", "curves", "data",
        "data-ascii", "data-binary", "data-raw", "data-urlencode", "delegation", "dns-interface",
        "dns-ipv4-addr", "dns-ipv6-addr", "dns-servers", "doh-url", "dump-header", "egd-file",
        "engine", "etag-compare", "etag-save", "expect100-timeout", "form", "form-string",
        "ftp-account", "ftp-alternative-to-user", "ftp-method", "ftp-port", "ftp-ssl-ccc-mode", "happy-eyeballs-timeout-ms",
        "header", "help", "hostpubmd5", "hostpubsha256", "hsts", "interface",
        "json", "keepalive-time", "key", "key-type", "krb", "libcurl",
        "limit-rate", "local-port", "login-options", "mail-auth", "mail-from", "mail-rcpt",
        "max-filesize", "max-redirs", "max-time", "netrc-file", "noproxy", "oauth2-bearer",
        "output", "output-dir", "parallel-max", "pass", "pinnedpubkey", "preproxy",
        "proto", "proto-default", "proto-redir", "proxy", "proxy-cacert", "proxy-capath",
        "proxy-cert", "proxy-cert-type", "proxy-ciphers", "proxy-crlfile", "proxy-header", "proxy-key",
        "proxy-key-type", "proxy-pass", "proxy-pinnedpubkey", "proxy-service-name", "proxy-tls13-ciphers", "proxy-tlsauthtype",
        "proxy-tlspassword", "proxy-tlsuser", "proxy-user", "proxy1.0", "pubkey", "quote",
        "random-file", "range", "rate", "referer", "request", "request-target",
        "resolve", "retry", "retry-delay", "retry-max-time", "sasl-authzid", "service-name",
        "socks4", "socks4a", "socks5", "socks5-gssapi-service", "socks5-hostname", "speed-limit",
        "speed-time", "stderr", "telnet-option", "tftp-blksize", "time-cond", "tls-max",
        "tls13-ciphers", "tlsauthtype", "tlspassword", "tlsuser", "trace", "trace-ascii",
        "unix-socket", "upload-file", "url", "url-query", "user", "user-agent",
        "write-out",
    ]

    /// Long names of the options that are switches.
    static let longSwitches: Set<String> = [
        "anyauth", "append", "basic", "cert-status", "compressed", "compressed-ssh",
        "create-dirs", "crlf", "digest", "disable", "disable-eprt", "disable-epsv",
        "disallow-username-in-url", "doh-cert-status", "doh-insecure", "fail", "fail-early", "fail-with-body",
        "false-start", "form-escape", "ftp-create-dirs", "ftp-pasv", "ftp-pret", "ftp-skip-pasv-ip",
        "ftp-ssl-ccc", "ftp-ssl-control", "get", "globoff", "haproxy-protocol", "head",
        "http0.9", "http1.0", "http1.1", "http2", "http2-prior-knowledge", "http3",
        "http3-only", "ignore-content-length", "include", "insecure", "ipv4", "ipv6",
        "junk-session-cookies", "list-only", "location", "location-trusted", "mail-rcpt-allowfails", "manual",
        "metalink", "negotiate", "netrc", "netrc-optional", "next", "no-alpn",
        "no-buffer", "no-clobber", "no-keepalive", "no-npn", "no-progress-meter", "no-sessionid",
        "ntlm", "ntlm-wb", "parallel", "parallel-immediate", "path-as-is", "post301",
        "post302", "post303", "progress-bar", "proxy-anyauth", "proxy-basic", "proxy-digest",
        "proxy-insecure", "proxy-negotiate", "proxy-ntlm", "proxy-ssl-allow-beast", "proxy-ssl-auto-client-cert", "proxy-tlsv1",
        "proxytunnel", "raw", "remote-header-name", "remote-name", "remote-name-all", "remote-time",
        "remove-on-error", "retry-all-errors", "retry-connrefused", "sasl-ir", "show-error", "silent",
        "socks5-basic", "socks5-gssapi", "socks5-gssapi-nec", "ssl", "ssl-allow-beast", "ssl-auto-client-cert",
        "ssl-no-revoke", "ssl-reqd", "ssl-revoke-best-effort", "sslv2", "sslv3", "styled-output",
        "suppress-connect-headers", "tcp-fastopen", "tcp-nodelay", "tftp-no-options", "tlsv1", "tlsv1.0",
        "tlsv1.1", "tlsv1.2", "tlsv1.3", "tr-encoding", "trace-time", "use-ascii",
        "verbose", "version", "xattr",
    ]

    /// The long name each single-letter option stands for.
    static let shortNames: [Character: String] = [
        "a": "append", "E": "cert", "K": "config", "C": "continue-at", "b": "cookie",
        "c": "cookie-jar", "d": "data", "q": "disable", "D": "dump-header", "f": "fail",
        "F": "form", "P": "ftp-port", "G": "get", "g": "globoff", "I": "head",
        "H": "header", "h": "help", "0": "http1.0", "i": "include", "k": "insecure",
        "4": "ipv4", "6": "ipv6", "j": "junk-session-cookies", "l": "list-only", "L": "location",
        "M": "manual", "m": "max-time", "n": "netrc", ":": "next", "N": "no-buffer",
        "o": "output", "Z": "parallel", "#": "progress-bar", "x": "proxy", "U": "proxy-user",
        "p": "proxytunnel", "Q": "quote", "r": "range", "e": "referer", "J": "remote-header-name",
        "O": "remote-name", "R": "remote-time", "X": "request", "S": "show-error", "s": "silent",
        "Y": "speed-limit", "y": "speed-time", "2": "sslv2", "3": "sslv3", "t": "telnet-option",
        "z": "time-cond", "1": "tlsv1", "T": "upload-file", "B": "use-ascii", "u": "user",
        "A": "user-agent", "v": "verbose", "V": "version", "w": "write-out",
    ]
}
