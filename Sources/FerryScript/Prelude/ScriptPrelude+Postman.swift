extension ScriptPrelude {
    /// Postman's pm and the legacy globals of older collections.
    static let postman = #"""
        // Postman's pm (and the legacy globals of older collections) over Ferry's sandbox.
        (function (global) {
            'use strict';
            const F = global.__ferry;

            // Response assertions: pm.response.to.have.status(200), to.be.ok, to.have.jsonBody('a.b', 1)…
            function responseOf(a) {
                if (!a.__subject || !a.__subject.__ferryResponse) throw new F.AssertionError('expected a response');
                return a.__subject;
            }
            F.method('status', function (expected) {
                const r = responseOf(this);
                const code = typeof expected === 'number';
                const holds = code ? r.code === expected : String(r.status) === String(expected);
                // The message's values are written only for a failure (`#{exp}`, `#{act}`).
                this.assert(holds, code ? 'expected response to have status code #{exp} but got #{act}' : 'expected response to have status reason #{exp} but got #{act}',
                    'expected response not to have status #{exp}', expected, code ? r.code : r.status);
            });
            F.method('header', function (name, value) {
                const subject = this.__subject;
                const isRequest = subject && subject.__ferryRequest;
                const headers = isRequest ? subject.headers : responseOf(this).headers;
                const what = isRequest ? 'request' : 'response';
                const actual = headers.get(name);
                if (arguments.length > 1) {
                    this.assert(actual === String(value), 'expected ' + what + " to have header '" + name + "' with value " + F.inspect(value) +
                        ' but got ' + F.inspect(actual), 'expected ' + what + " not to have header '" + name + "' with value " + F.inspect(value));
                } else {
                    this.assert(actual !== undefined, 'expected ' + what + " to have header '" + name + "'",
                        'expected ' + what + " not to have header '" + name + "'");
                }
            });
            F.method('statusCode', function (code) { return this.status(Number(code)); });
            F.method('statusReason', function (reason) { return this.status(String(reason)); });
            F.property('postmanRequest', function (a) {
                a.assert(a.__subject && a.__subject.__ferryRequest, 'expected #{this} to be a request', 'expected #{this} not to be a request');
            });
            F.property('postmanResponse', function (a) {
                a.assert(a.__subject && a.__subject.__ferryResponse, 'expected #{this} to be a response', 'expected #{this} not to be a response');
            });
            F.property('postmanRequestOrResponse', function (a) {
                a.assert(a.__subject && (a.__subject.__ferryRequest || a.__subject.__ferryResponse), 'expected #{this} to be a request or a response',
                    'expected #{this} to be neither a request nor a response');
            });
            F.method('body', function (expected) {
                const r = responseOf(this);
                const text = r.text();
                if (arguments.length === 0) {
                    this.assert(text.length > 0, 'expected response to have a body', 'expected response not to have a body');
                } else if (expected instanceof RegExp) {
                    this.assert(expected.test(text), 'expected response body to match ' + expected, 'expected response body not to match ' + expected);
                } else if (typeof expected === 'string') {
                    this.assert(text === expected, 'expected response body to equal ' + F.inspect(expected),
                        'expected response body not to equal ' + F.inspect(expected));
                } else {
                    let json;
                    try { json = JSON.parse(text); } catch (e) { json = undefined; }
                    this.assert(F.deepEqual(json, expected), 'expected response body to deeply equal ' + F.inspect(expected),
                        'expected response body not to deeply equal ' + F.inspect(expected));
                }
            });
            F.method('jsonBody', function (path, value) {
                const r = responseOf(this);
                let json;
                try { json = JSON.parse(r.text()); } catch (e) { throw new F.AssertionError('expected response body to be valid JSON'); }
                if (arguments.length === 0) return;
                if (typeof path === 'object') {
                    this.assert(F.deepEqual(json, path), 'expected response body to deeply equal ' + F.inspect(path),
                        'expected response body not to deeply equal ' + F.inspect(path));
                    return;
                }
                let node = json, has = true;
                for (const part of String(path).replace(/\[(\w+)\]/g, '.$1').split('.')) {
                    if (node === null || typeof node !== 'object' || !(part in node)) { has = false; break; }
                    node = node[part];
                }
                if (arguments.length > 1) {
                    this.assert(has && F.deepEqual(node, value), "expected response body to have '" + path + "' equal to " + F.inspect(value) +
                        ' but got ' + F.inspect(node), "expected response body not to have '" + path + "' equal to " + F.inspect(value));
                } else {
                    this.assert(has, "expected response body to have '" + path + "'", "expected response body not to have '" + path + "'");
                }
            });
            function statusTrait(name, test, words) {
                F.property(name, function (a) {
                    const r = responseOf(a);
                    a.assert(test(r.code), 'expected response to be ' + words + ' but got status ' + r.code, 'expected response not to be ' + words);
                });
            }
            statusTrait('success', function (c) { return c >= 200 && c < 300; }, 'a success (2xx)');
            statusTrait('info', function (c) { return c >= 100 && c < 200; }, 'informational (1xx)');
            statusTrait('redirection', function (c) { return c >= 300 && c < 400; }, 'a redirection (3xx)');
            statusTrait('clientError', function (c) { return c >= 400 && c < 500; }, 'a client error (4xx)');
            statusTrait('serverError', function (c) { return c >= 500; }, 'a server error (5xx)');
            statusTrait('error', function (c) { return c >= 400; }, 'an error (4xx or 5xx)');
            statusTrait('accepted', function (c) { return c === 202; }, 'accepted (202)');
            statusTrait('badRequest', function (c) { return c === 400; }, 'a bad request (400)');
            statusTrait('unauthorized', function (c) { return c === 401; }, 'unauthorized (401)');
            statusTrait('forbidden', function (c) { return c === 403; }, 'forbidden (403)');
            statusTrait('notFound', function (c) { return c === 404; }, 'not found (404)');
            statusTrait('rateLimited', function (c) { return c === 429; }, 'rate limited (429)');
            F.property('json', function (a) {
                const r = responseOf(a);
                let holds = true;
                try { JSON.parse(r.text()); } catch (e) { holds = false; }
                a.assert(holds, 'expected response body to be valid JSON', 'expected response body not to be valid JSON');
            });
            F.property('withBody', function (a) {
                const r = responseOf(a);
                a.assert(r.text().length > 0, 'expected response to have a body', 'expected response not to have a body');
            });
            F.property('responseTime', function (a) { return new F.Assertion(responseOf(a).responseTime); });

            /** A variable scope with Postman's methods; Ferry keeps one set of variables, which every scope reads and writes. */
            function scope(name, reads, writes) {
                return {
                    name: name,
                    get: function (key) { return reads(key); },
                    set: function (key, value) { writes(key, value); },
                    unset: function (key) { F.unsetVariable(key); },
                    has: function (key) { return reads(key) !== undefined; },
                    clear: function () { Object.keys(F.state.vars).forEach(F.unsetVariable); },
                    toObject: function () { return Object.assign({}, F.state.vars); },
                    values: Object.freeze({ toObject: function () { return Object.assign({}, F.state.vars); } }),
                    replaceIn: function (text) { return F.replaceIn(text, reads); },
                    toJSON: function () { return Object.assign({}, F.state.vars); },
                };
            }

            const host = global;
            const shared = function (name) { return Object.freeze(scope(name, F.getVariable, F.setVariable)); };

            // The parts of `pm`, made once per context: their functions read the running script's state
            // (`F.state`), and they are frozen, so nothing a script does to them reaches the next script.
            const parts = (function () {
                const environment = scope('environment', F.getVariable, F.setVariable);
                Object.defineProperty(environment, 'name', { enumerable: true, get: function () { return infoOf(F.state).environment; } });
                const variables = scope('variables', F.getVariable, F.setVariable);
                variables.get = function (key) { const data = F.state.data; return key in data ? String(data[key]) : F.getVariable(key); };
                const test = function (name, fn) { F.test(name, fn); };
                test.skip = function (name) { F.skipTest(name); };
                const setNextRequest = function (name) { F.state.nextRequest = name === null ? null : String(name); };
                return {
                    environment: Object.freeze(environment),
                    collectionVariables: shared('collectionVariables'),
                    globals: shared('globals'),
                    variables: Object.freeze(variables),
                    iterationData: Object.freeze({
                        get: function (key) { return F.state.data[key]; },
                        has: function (key) { return key in F.state.data; },
                        toObject: function () { return Object.assign({}, F.state.data); },
                        toJSON: function () { return Object.assign({}, F.state.data); },
                        replaceIn: function (text) { return F.replaceIn(text, function (k) { return F.state.data[k]; }); },
                        unset: function (key) { delete F.state.data[key]; },
                        set: function (key, value) { F.state.data[key] = value; },
                    }),
                    test: Object.freeze(test),
                    sendRequest: function (spec, callback) {
                        const promise = F.sendRequest(spec);
                        if (typeof callback !== 'function') return promise;
                        promise.then(function (r) { callback(null, r); }, function (e) { callback(e, null); });
                    },
                    execution: Object.freeze({
                        skipRequest: function () { F.state.skipRequest = true; },
                        setNextRequest: setNextRequest,
                        get location() { const name = infoOf(F.state).requestName; return Object.assign([name], { current: name }); },
                    }),
                    setNextRequest: setNextRequest,
                    visualizer: Object.freeze({ set: function () {} }),
                };
            })();
            function infoOf(state) { return state.input.info || {}; }

            /**
             * What every script's `pm` shares, its prototype, made once per context: the parts, and getters
             * that read the running script's request and response. A script's own `pm` holds its `info`
             * and what the script puts there (a new object a script, over no new functions).
             */
            const pmProto = {
                environment: parts.environment,
                collectionVariables: parts.collectionVariables,
                globals: parts.globals,
                variables: parts.variables,
                iterationData: parts.iterationData,
                get request() { return F.request; },
                get response() { return F.response; },
                test: parts.test,
                expect: F.expect,
                get cookies() { return F.response ? F.response.cookies : F.parseCookies([]); },
                sendRequest: parts.sendRequest,
                execution: parts.execution,
                setNextRequest: parts.setNextRequest,
                require: host.require,
                visualizer: parts.visualizer,
            };
            /** A script's `pm`, or Insomnia's `insomnia` (which follows it), over `pmProto`. */
            function ownPm(state) {
                const info = infoOf(state);
                const pm = Object.create(pmProto);
                pm.info = {
                    eventName: info.eventName, iteration: info.iteration || 0, iterationCount: info.iterationCount || 1,
                    requestName: info.requestName, requestId: info.requestId,
                };
                return pm;
            }
            /** The script's `pm` (the legacy globals use it too). */
            function pmOf(state) { return state.pm || (state.pm = ownPm(state)); }
            F.lazyGlobals(['pm'], function (state) { return { pm: pmOf(state) }; });
            // Insomnia's scripts (its `insomnia` object follows Postman's `pm`), with its base environment.
            F.lazyGlobals(['insomnia'], function (state) {
                const insomnia = ownPm(state);
                insomnia.baseEnvironment = shared('baseEnvironment');
                return { insomnia: insomnia };
            });

            // The globals of Postman's older sandbox.
            F.lazyGlobals(['tests', 'postman', 'environment', 'globals', 'data', 'iteration', 'request', 'responseBody', 'responseCode', 'responseHeaders', 'responseTime', 'responseCookies', 'xml2Json'], function (state) {
                const global = {};
                const info = state.input.info || {};
                const response = F.response;
                const pm = pmOf(state);
                const legacyTests = {};
                state.legacyTests = legacyTests;
                global.tests = legacyTests;
                global.postman = {
                    setEnvironmentVariable: F.setVariable, getEnvironmentVariable: F.getVariable, clearEnvironmentVariable: F.unsetVariable,
                    setGlobalVariable: F.setVariable, getGlobalVariable: F.getVariable, clearGlobalVariable: F.unsetVariable,
                    clearEnvironmentVariables: function () {}, clearGlobalVariables: function () {},
                    setNextRequest: pm.setNextRequest,
                    getResponseHeader: function (name) { return response ? response.headers.get(name) : undefined; },
                    getResponseCookie: function (name) {
                        const value = pm.cookies.get(name);
                        return value === undefined ? undefined : { name: name, value: value };
                    },
                };
                global.environment = Object.assign({}, state.vars);
                global.globals = Object.assign({}, state.vars);
                global.data = Object.assign({}, state.data);
                global.iteration = info.iteration || 0;
                if (F.request) {
                    global.request = {
                        url: F.request.url.toString(), method: F.request.method, headers: F.request.headers.toObject(),
                        data: F.request.body ? F.request.body.raw : undefined, name: info.requestName, id: info.requestId,
                    };
                }
                if (response) {
                    global.responseBody = response.text();
                    global.responseCode = { code: response.code, name: response.status, detail: response.status };
                    global.responseHeaders = response.headers.toObject();
                    global.responseTime = response.responseTime;
                    global.responseCookies = response.cookies.all();
                }
                global.xml2Json = undefined;
                return global;
            });

            F.finishers.push(function (global, state) {
                const legacy = state.legacyTests;
                if (!legacy) return;
                for (const name of Object.keys(legacy)) {
                    const passed = !!legacy[name];
                    const record = { name: name, passed: passed };
                    if (!passed) record.error = { name: 'AssertionError', message: 'tests["' + name + '"] is ' + F.show(legacy[name], 1) };
                    state.tests.push(record);
                }
            });
        })(this);
        """#
}
