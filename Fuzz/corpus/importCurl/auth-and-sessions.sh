curl -u name:password --digest https://example.com
curl --aws-sigv4 "aws:amz:us-east-2:es" --user "key:secret" https://example.com
curl --cert certfile --key keyfile https://example.com
curl --cert-type PEM --cert file https://example.com
curl --pass secret --key file https://example.com
curl --proxy-user name:pwd -x proxy https://example.com
curl --noproxy "www.example" https://example.com
curl --unix-socket socket-path https://example.com
curl -C - https://example.com
curl -b cookiefile https://example.com
