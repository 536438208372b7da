extension ScriptPrelude {
    /// The sandbox: the state a script sees and leaves, console, timers, atob/btoa, require, tests.
    static let core = #"""
        // Ferry's script sandbox: the state a script sees and leaves, console, timers, base64, require.
        (function (global) {
            'use strict';
            const limits = { variables: 10000, value: 1048576, consoleLines: 1000, consoleLine: 8192, tests: 10000, timers: 10000 };
            const F = { limits: limits };
            /** The globals every script gets, installed again before each (a script may have replaced them). */
            const sandbox = {};
            let state = null;

            /** Begins a script's state from Ferry's input and the response's body (which crosses apart). */
            F.begin = function (input, body) {
                if (input.response) input.response.body = body;
                state = {
                    input: input,
                    vars: Object.assign(Object.create(null), input.variables || {}),
                    data: Object.assign(Object.create(null), input.iterationData || {}),
                    changes: Object.create(null),
                    changeCount: 0,
                    changed: false,
                    tests: [],
                    console: [],
                    consoleDropped: 0,
                    timers: [],
                    timerSeq: 0,
                    pending: [],
                    sendSeq: 0,
                    waiting: null,
                    settled: false,
                    error: null,
                    skipRequest: false,
                    nextRequest: undefined,
                    built: null,
                    request: undefined,
                    response: undefined,
                    assigned: undefined,
                };
                F.state = state;
            };

            /**
             * Defines the global `name` once per context, fixed (not configurable): it reads as `value()`, or as
             * what the running script assigned to it — the script's own until its end (`state.assigned`), never
             * seen by the scripts after it, with nothing to put back before each script.
             */
            function fixedGlobal(name, enumerable, value) {
                Object.defineProperty(global, name, {
                    configurable: false,
                    enumerable: enumerable,
                    get: function () {
                        const assigned = state === null ? undefined : state.assigned;
                        return assigned !== undefined && name in assigned ? assigned[name] : value();
                    },
                    set: function (replacement) {
                        if (state.assigned === undefined) state.assigned = Object.create(null);
                        state.assigned[name] = replacement;
                    },
                });
            }

            /** The request and response of the script running, made when first asked for. */
            Object.defineProperty(F, 'request', {
                get: function () {
                    if (state.request === undefined) state.request = state.input.request ? F.makeRequest(state.input.request) : null;
                    return state.request;
                },
            });
            Object.defineProperty(F, 'response', {
                get: function () {
                    if (state.response === undefined) state.response = state.input.response ? F.makeResponse(state.input.response) : null;
                    return state.response;
                },
            });

            /**
             * Globals made on first use in each script: `build(state)` makes a group of them (an object of them by
             * name) when the script first reads one; a script that assigns one replaces it until its end. Most
             * scripts use one API of several.
             */
            let builders = 0;
            F.lazyGlobals = function (names, build) {
                const id = builders++;
                names.forEach(function (name) {
                    fixedGlobal(name, false, function () {
                        const built = state.built || (state.built = []);
                        let values = built[id];
                        if (values === undefined) {
                            values = build(state);
                            built[id] = values;
                        }
                        return values[name];
                    });
                });
            };

            /** `text`, at most `limit` characters (a script's strings may be huge; what leaves the sandbox is bounded). */
            function bounded(text, limit, what) {
                if (text.length <= limit) return text;
                throw new RangeError(what + ' is ' + text.length + ' characters long, more than Ferry keeps (' + limit + ')');
            }
            F.bounded = bounded;

            /** The text a variable's value becomes (Ferry's variables are text). */
            F.variableText = function (value) {
                if (value === undefined || value === null) return '';
                if (typeof value === 'string') return bounded(value, limits.value, 'the value');
                if (typeof value === 'object') return bounded(JSON.stringify(value), limits.value, 'the value');
                return String(value);
            };

            F.setVariable = function (name, value) {
                name = String(name);
                if (!(name in state.changes) && ++state.changeCount > limits.variables) {
                    throw new RangeError('a script may set at most ' + limits.variables + ' variables');
                }
                const text = F.variableText(value);
                state.vars[name] = text;
                state.changes[name] = text;
                state.changed = true;
            };
            F.unsetVariable = function (name) {
                name = String(name);
                delete state.vars[name];
                state.changes[name] = null;
                state.changed = true;
            };
            F.getVariable = function (name) {
                const value = state.vars[String(name)];
                return value === undefined ? undefined : value;
            };
            F.hasVariable = function (name) { return String(name) in state.vars; };

            /** `{{name}}` replaced by the variables' values (and a few of Postman's dynamic variables); unknown names stay. */
            F.replaceIn = function (text, lookup) {
                if (typeof text !== 'string') return text;
                return text.replace(/\{\{([^{}]+)\}\}/g, function (whole, name) {
                    const value = lookup ? lookup(name) : F.getVariable(name);
                    if (value !== undefined) return value;
                    const dynamic = F.dynamic[name];
                    return dynamic ? dynamic() : whole;
                });
            };
            F.uuid = function () {
                let text = '';
                for (let i = 0; i < 32; i++) {
                    let digit = Math.floor(Math.random() * 16);
                    if (i === 12) digit = 4;
                    if (i === 16) digit = (digit & 3) | 8;
                    text += digit.toString(16);
                    if (i === 7 || i === 11 || i === 15 || i === 19) text += '-';
                }
                return text;
            };
            F.dynamic = {
                $guid: F.uuid, $randomUUID: F.uuid,
                $timestamp: function () { return String(Math.floor(Date.now() / 1000)); },
                $isoTimestamp: function () { return new Date().toISOString(); },
                $randomInt: function () { return String(Math.floor(Math.random() * 1001)); },
            };

            // console: each line kept with its level, bounded in number and length.
            function show(value, depth) {
                if (typeof value === 'string') return depth ? JSON.stringify(value) : value;
                if (value === undefined) return 'undefined';
                if (typeof value === 'function') return '[Function' + (value.name ? ': ' + value.name : '') + ']';
                if (typeof value === 'symbol' || typeof value === 'bigint') return String(value);
                if (value instanceof Error) return value.stack ? value.name + ': ' + value.message : String(value);
                if (value !== null && typeof value === 'object') {
                    try { return JSON.stringify(value); } catch (e) { return String(value); }
                }
                return String(value);
            }
            F.show = show;
            function log(level) {
                return function () {
                    if (state.console.length >= limits.consoleLines) { state.consoleDropped++; return; }
                    let text = Array.prototype.map.call(arguments, function (a) { return show(a, 0); }).join(' ');
                    if (text.length > limits.consoleLine) text = text.slice(0, limits.consoleLine) + '…';
                    state.console.push({ level: level, text: text });
                };
            }
            sandbox.console = { log: log('log'), info: log('info'), warn: log('warn'), error: log('error'), debug: log('debug'),
                trace: log('debug'), dir: log('log'), table: log('log') };

            // Timers: run in the order they are due once the script's own code has run (no real waiting).
            function addTimer(fn, delay, args, repeat) {
                if (typeof fn !== 'function') throw new TypeError('setTimeout needs a function');
                if (state.timers.length >= limits.timers) throw new RangeError('more than ' + limits.timers + ' timers');
                const id = ++state.timerSeq;
                state.timers.push({ id: id, at: (Number(delay) || 0), seq: id, fn: fn, args: args, repeat: repeat });
                return id;
            }
            sandbox.setTimeout = function (fn, delay) { return addTimer(fn, delay, Array.prototype.slice.call(arguments, 2), false); };
            sandbox.setImmediate = function (fn) { return addTimer(fn, 0, Array.prototype.slice.call(arguments, 1), false); };
            sandbox.setInterval = function (fn, delay) { return addTimer(fn, delay, Array.prototype.slice.call(arguments, 2), false); };
            sandbox.clearTimeout = sandbox.clearInterval = sandbox.clearImmediate = function (id) {
                state.timers = state.timers.filter(function (t) { return t.id !== id; });
            };

            // Strings made at once are bounded: JavaScriptCore has no heap cap, and 'x'.repeat(2**30) takes a GiB.
            const stringLimit = 1 << 26;
            ['repeat', 'padStart', 'padEnd'].forEach(function (name) {
                const original = String.prototype[name];
                Object.defineProperty(String.prototype, name, {
                    configurable: true, writable: true,
                    value: function () {
                        const length = name === 'repeat' ? String(this).length * Number(arguments[0]) : Number(arguments[0]);
                        if (length > stringLimit) {
                            throw new RangeError('String.prototype.' + name + ' would make ' + length + ' characters, more than a script may (' +
                                stringLimit + ')');
                        }
                        return original.apply(this, arguments);
                    },
                });
            });

            // Postman's first sandbox had SugarJS: older collections test `responseBody.has("…")`.
            Object.defineProperty(String.prototype, 'has', {
                configurable: true, writable: true,
                value: function (text) { return text instanceof RegExp ? text.test(this) : String(this).indexOf(String(text)) >= 0; },
            });

            // Base64 over Latin-1 text, as browsers' atob/btoa.
            const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
            sandbox.btoa = function (text) {
                text = String(text);
                let out = '';
                for (let i = 0; i < text.length; i += 3) {
                    const a = text.charCodeAt(i), b = text.charCodeAt(i + 1), c = text.charCodeAt(i + 2);
                    if (a > 255 || b > 255 || c > 255) throw new Error('btoa: the text has characters outside Latin-1');
                    const n = (a << 16) | ((b || 0) << 8) | (c || 0);
                    out += alphabet[(n >> 18) & 63] + alphabet[(n >> 12) & 63] +
                        (i + 1 < text.length ? alphabet[(n >> 6) & 63] : '=') + (i + 2 < text.length ? alphabet[n & 63] : '=');
                }
                return out;
            };
            sandbox.atob = function (text) {
                text = String(text).replace(/[\s=]+/g, '');
                if (/[^A-Za-z0-9+/]/.test(text) || text.length % 4 === 1) throw new Error('atob: the text is not base64');
                let out = '';
                for (let i = 0; i < text.length; i += 4) {
                    const n = (alphabet.indexOf(text[i]) << 18) | (alphabet.indexOf(text[i + 1]) << 12) |
                        ((text[i + 2] ? alphabet.indexOf(text[i + 2]) : 0) << 6) | (text[i + 3] ? alphabet.indexOf(text[i + 3]) : 0);
                    out += String.fromCharCode((n >> 16) & 255);
                    if (text[i + 2]) out += String.fromCharCode((n >> 8) & 255);
                    if (text[i + 3]) out += String.fromCharCode(n & 255);
                }
                return out;
            };

            // require (ScriptPrelude+Require): installed on F when the prelude's parts have run.
            sandbox.require = function (name) { return F.require(name); };

            // A test: its function run at once; one that returns a promise counts when the promise settles.
            F.test = function (name, fn) {
                name = String(name);
                if (state.tests.length >= limits.tests) throw new RangeError('more than ' + limits.tests + ' tests');
                const record = { name: name, passed: true };
                state.tests.push(record);
                if (typeof fn !== 'function') return;
                try {
                    const result = fn();
                    if (result && typeof result.then === 'function') {
                        record.open = true;
                        result.then(function () { delete record.open; }, function (error) { delete record.open; failed(record, error); });
                    }
                } catch (error) {
                    failed(record, error);
                }
            };
            /** A test's record once it failed with `error`. */
            function failed(record, error) {
                record.passed = false;
                record.error = { name: (error && error.name) || 'Error', message: (error && error.message) || String(error) };
            }
            F.skipTest = function (name) { state.tests.push({ name: String(name), passed: true, skipped: true }); };

            /** Runs the script's promise to its end: a rejection is the script's error. */
            F.settle = function (promise) {
                promise.then(function () { state.settled = true; }, function (error) { state.settled = true; state.error = F.describe(error); });
            };

            /** Runs a script without `await`: what it throws is its error, as a rejection is an async script's. */
            F.call = function (script) {
                let result;
                try {
                    result = script();
                } catch (error) {
                    state.settled = true;
                    state.error = F.describe(error);
                    return;
                }
                // What returned no promise has ended: no promise of its own to settle (a promise, its
                // reaction and its microtask a script, and the JIT's work on them).
                const thenable = result !== null && (typeof result === 'object' || typeof result === 'function') && typeof result.then === 'function';
                if (thenable) F.settle(Promise.resolve(result)); else state.settled = true;
            };

            /** An error as Ferry reports it: name, message, line, column, stack. */
            F.describe = function (error) {
                if (error === null || typeof error !== 'object') {
                    return { name: 'Error', message: 'the script threw ' + show(error, 1) };
                }
                return { name: String(error.name || 'Error'), message: String(error.message || error),
                    line: error.line, column: error.column, sourceURL: error.sourceURL, stack: error.stack ? String(error.stack) : undefined };
            };

            /**
             * Runs the next timer that is due (answering ''), or answers what is left: 'P' and the requests to send
             * (JSON), or 'O' and what the script left (`finish`), when it and its timers have finished.
             */
            F.step = function () {
                for (let rounds = 0; rounds < limits.timers && state.timers.length > 0 && state.pending.length === 0; rounds++) {
                    state.timers.sort(function (a, b) { return a.at - b.at || a.seq - b.seq; });
                    const timer = state.timers.shift();
                    try {
                        timer.fn.apply(null, timer.args);
                    } catch (error) {
                        if (!state.error) state.error = F.describe(error);
                    }
                    return '';
                }
                if (state.pending.length > 0) {
                    const pending = state.pending;
                    state.pending = [];
                    return 'P' + JSON.stringify(pending);
                }
                return 'O' + F.finish();
            };

            /** A field of what Ferry reads back: text with `\`, tab, newline and NUL escaped, lone surrogates replaced. */
            const special = /[\\\t\n\0]/;
            function field(value) {
                let text = value === undefined || value === null ? '' : String(value);
                if (!text.isWellFormed()) text = text.toWellFormed();
                if (!special.test(text)) return text;
                return text.replace(/[\\\t\n\0]/g, function (c) { return c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\0'; });
            }
            function record(tag, fields) {
                let line = tag;
                for (const value of fields) line += '\t' + field(value);
                return line;
            }

            /**
             * What the script left, for Ferry (`ScriptOutput`): a line a record, its fields after a tag and a tab each —
             * `T passed skipped name [errorName message]` a test, `C level text` a console line, `V name value` a
             * variable set, `U name` unset, `E name message line column sourceURL stack` the error, `S` the request
             * skipped, `N [name]` the next request (none: the run stops), `R json` the request as changed.
             */
            F.finish = function () {
                const finishers = F.finishers;
                for (let i = 0; i < finishers.length; i++) finishers[i](global, state);
                if (!state.settled && !state.error) {
                    state.error = { name: 'Error', message: 'the script was still waiting when it ended (a promise that never settles?)' };
                }
                // A test that passed is written here; one that failed or never settled, and the rarer
                // records (`rest`), apart: the few steps every script takes stay small for the JIT.
                let out = '';
                const tests = state.tests;
                for (let i = 0; i < tests.length; i++) {
                    const test = tests[i];
                    const line = test.passed && !test.open && !test.error ? 'T\t1\t' + (test.skipped ? '1\t' : '0\t') + field(test.name) : failedTest(test);
                    out = out === '' ? line : out + '\n' + line;
                }
                if (state.changed || state.console.length > 0 || state.error || state.skipRequest || state.nextRequest !== undefined || state.request) {
                    out = rest(out);
                }
                return out;
            };
            function failedTest(test) {
                if (test.open) {
                    delete test.open;
                    test.passed = false;
                    test.error = { name: 'Error', message: 'the test\'s promise never settled' };
                }
                const fields = [test.passed ? 1 : 0, test.skipped ? 1 : 0, test.name];
                if (test.error) fields.push(test.error.name, test.error.message);
                return record('T', fields);
            }
            function rest(out) {
                const lines = out === '' ? [] : [out];
                for (const line of state.console) lines.push(record('C', [line.level, line.text]));
                for (const name in state.changes) {
                    const value = state.changes[name];
                    lines.push(value === null ? record('U', [name]) : record('V', [name, value]));
                }
                const e = state.error;
                if (e) lines.push(record('E', [e.name, e.message, e.line, e.column, e.sourceURL, e.stack]));
                if (state.skipRequest) lines.push('S');
                if (state.nextRequest !== undefined) lines.push(state.nextRequest === null ? 'N' : record('N', [state.nextRequest]));
                if (state.request && state.request.changed()) lines.push(record('R', [JSON.stringify(state.request.plain())]));
                return lines.join('\n');
            }
            F.finishers = [];

            // The sandbox's globals, each a script's to replace for itself.
            Object.keys(sandbox).forEach(function (name) {
                const value = sandbox[name];
                fixedGlobal(name, true, function () { return value; });
            });
            Object.defineProperty(global, '__ferry', { value: F, writable: false, configurable: false });
        })(this);
        """#
}
