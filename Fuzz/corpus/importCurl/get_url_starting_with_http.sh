curl httpbin.org/test
