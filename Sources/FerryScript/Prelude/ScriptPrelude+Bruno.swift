extension ScriptPrelude {
    /// Bruno's bru, req, res, test() and expect(), and Ferry's own `ferry` object.
    static let bruno = #"""
        // Bruno's bru, req, res, test() and expect(), and Ferry's own small `ferry` object.
        (function (global) {
            'use strict';
            const F = global.__ferry;

            const host = global;

            /** A response as Bruno's `res` (and what `bru.runRequest` answers): its body parsed when it is JSON. */
            function brunoResponse(response) {
                let parsed;
                const body = function () {
                    if (parsed === undefined) {
                        try { parsed = response.json(); } catch (e) { parsed = response.text(); }
                    }
                    return parsed;
                };
                return {
                    status: response.code,
                    statusText: response.status,
                    headers: response.headers.toObject(),
                    get body() { return body(); },
                    get data() { return body(); },
                    responseTime: response.responseTime,
                    getStatus: function () { return response.code; },
                    getStatusText: function () { return response.status; },
                    getHeader: function (name) { return response.headers.get(name); },
                    getHeaders: function () { return response.headers.toObject(); },
                    getBody: body,
                    getResponseTime: function () { return response.responseTime; },
                    getSize: function () { return { body: response.responseSize, total: response.responseSize }; },
                };
            }
            F.lazyGlobals(['bru', 'req', 'res', 'test', 'expect', 'assert', 'ferry'], function (state) {
                const global = {};
                const input = state.input;
                const info = input.info || {};
                const request = F.request;
                const response = F.response;
                global.bru = {
                    setVar: F.setVariable, getVar: F.getVariable, hasVar: F.hasVariable, deleteVar: F.unsetVariable,
                    setEnvVar: F.setVariable, getEnvVar: F.getVariable, hasEnvVar: F.hasVariable, deleteEnvVar: F.unsetVariable,
                    getCollectionVar: F.getVariable, getFolderVar: F.getVariable, getRequestVar: F.getVariable,
                    getGlobalEnvVar: F.getVariable, setGlobalEnvVar: F.setVariable,
                    getProcessEnv: function () { return undefined; },
                    getEnvName: function () { return info.environment; },
                    interpolate: function (text) { return F.replaceIn(text); },
                    sleep: function (ms) { return new Promise(function (resolve) { host.setTimeout(resolve, ms); }); },
                    setNextRequest: function (name) { state.nextRequest = name === null ? null : String(name); },
                    runner: {
                        skipRequest: function () { state.skipRequest = true; },
                        setNextRequest: function (name) { state.nextRequest = name === null ? null : String(name); },
                        stopExecution: function () { state.nextRequest = null; },
                    },
                    sendRequest: function (spec, callback) {
                        const promise = F.sendRequest(spec);
                        if (typeof callback !== 'function') return promise;
                        promise.then(function (r) { callback(null, r); }, function (e) { callback(e, null); });
                    },
                    runRequest: function (path) { return F.runRequest(path).then(brunoResponse); },
                    cookies: response ? response.cookies : F.parseCookies([]),
                };
                if (request) {
                    global.req = {
                        get url() { return request.url.toString(); },
                        set url(value) { request.url = String(value); },
                        get method() { return request.method; },
                        set method(value) { request.method = String(value); },
                        get headers() { return request.headers.toObject(); },
                        get body() { return req.getBody(); },
                        set body(value) { req.setBody(value); },
                        getUrl: function () { return request.url.toString(); },
                        setUrl: function (url) { request.url = String(url); },
                        getMethod: function () { return request.method; },
                        setMethod: function (method) { request.method = String(method); },
                        getHeader: function (name) { return request.headers.get(name); },
                        getHeaders: function () { return request.headers.toObject(); },
                        setHeader: function (name, value) { request.headers.upsert({ key: name, value: value }); },
                        setHeaders: function (headers) { Object.keys(headers).forEach(function (k) { req.setHeader(k, headers[k]); }); },
                        deleteHeader: function (name) { request.headers.remove(name); },
                        getBody: function () {
                            const raw = request.body ? request.body.raw : undefined;
                            if (typeof raw !== 'string') return raw;
                            try { return JSON.parse(raw); } catch (e) { return raw; }
                        },
                        setBody: function (body) {
                            if (!request.body) request.body = { mode: 'raw' };
                            request.body.mode = 'raw';
                            request.body.raw = typeof body === 'string' ? body : JSON.stringify(body);
                        },
                        getName: function () { return info.requestName; },
                        getTimeout: function () { return undefined; },
                    };
                    const req = global.req;
                }
                if (response) global.res = brunoResponse(response);
                global.test = function (name, fn) { F.test(name, fn); };
                global.expect = F.expect;
                global.assert = function (value, message) {
                    if (!value) throw new F.AssertionError(message || 'expected ' + F.inspect(value) + ' to be truthy');
                };

                // Ferry's own words: variables, the request and response, tests.
                global.ferry = {
                    variables: {
                        get: F.getVariable, set: F.setVariable, unset: F.unsetVariable, has: F.hasVariable,
                        toObject: function () { return Object.assign({}, state.vars); },
                        render: function (text) { return F.replaceIn(text); },
                    },
                    request: request,
                    response: response ? {
                        status: response.code, reason: response.status, headers: response.headers.toObject(),
                        text: response.text, json: response.json, duration: response.responseTime, size: response.responseSize,
                    } : undefined,
                    info: { phase: info.eventName, request: info.requestName, iteration: info.iteration || 0 },
                    test: function (name, fn) { F.test(name, fn); },
                    expect: F.expect,
                    send: F.sendRequest,
                    skip: function () { state.skipRequest = true; },
                    next: function (name) { state.nextRequest = name === null ? null : String(name); },
                };
                return global;
            });
        })(this);
        """#
}
