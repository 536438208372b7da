import Foundation

/// Fixed documents the demo server serves at /json, /xml, /html and /image/png.
enum DemoPayloads {
    static let json = """
        {
          "slideshow": {
            "title": "Sample Slide Show",
            "author": "Yours Truly",
            "date": "date of publication",
            "slides": [
              {"title": "Wake up to WonderWidgets!", "type": "all"},
              {"title": "Overview", "type": "all", "items": ["Why <em>WonderWidgets</em> are great", "Who <em>buys</em> WonderWidgets"]}
            ],
            "big": 12345678901234567890123,
            "ratio": 1e400,
            "emoji": "Ferry ⛴ 渡し船",
            "nothing": null,
            "flags": [true, false]
          }
        }

        """

    static let xml = """
        <?xml version="1.0" encoding="utf-8"?>
        <slideshow title="Sample Slide Show" date="Date of publication" author="Yours Truly">
          <slide type="all">
            <title>Wake up to WonderWidgets!</title>
          </slide>
          <slide type="all">
            <title>Overview</title>
            <item>Why <em>WonderWidgets</em> are great</item>
            <item/>
            <item>Who <em>buys</em> WonderWidgets</item>
          </slide>
        </slideshow>

        """

    static let html = """
        <!DOCTYPE html>
        <html>
          <head><meta charset="utf-8"><title>Ferry demo</title></head>
          <body>
            <h1>Ferry demo server</h1>
            <p>This page is served by Ferry's own local server.</p>
          </body>
        </html>

        """

    /// A 32×24 RGB PNG (a checkerboard), small enough to embed.
    static let png = Data(
        base64Encoded:
            "iVBORw0KGgoAAAANSUhEUgAAACAAAAAYCAIAAAAUMWhjAAAANElEQVR42mPQqLgDR79OaMARtcQZRi0gaAEtDEUWH7WAsAWjyXQ0H4xaMJoPRvPBqAVABAA92RlMINTlRwAAAABJRU5ErkJggg=="
    )!

    /// Text that tries to drive a terminal: colours, a title change, a screen clear, a bell.
    static let escapes = "plain \u{1B}[31mred\u{1B}[0m \u{1B}]0;pwned\u{07}title \u{1B}[2Jcleared \u{07}bell \u{9B}31mC1\n"

    /// Labelled application/json, but truncated.
    static let invalidJSON = "{\"name\": \"Ferry\", \"items\": [1, 2,"
}
