extension ScriptPrelude {
    /// Expect(): Ferry's own implementation of the Chai BDD chain Postman and Bruno scripts use.
    static let expect = #"""
        // expect(): Ferry's own implementation of the Chai BDD chain that Postman and Bruno scripts use.
        (function (global) {
            'use strict';
            const F = global.__ferry;

            function AssertionError(message) {
                this.name = 'AssertionError';
                this.message = message;
                this.stack = 'AssertionError: ' + message;
            }
            AssertionError.prototype = Object.create(Error.prototype);
            AssertionError.prototype.constructor = AssertionError;
            F.AssertionError = AssertionError;

            function inspect(value, depth) {
                depth = depth || 0;
                if (typeof value === 'string') return "'" + value + "'";
                if (value === undefined) return 'undefined';
                if (value === null) return 'null';
                if (typeof value === 'function') return '[Function' + (value.name ? ': ' + value.name : '') + ']';
                if (value instanceof RegExp) return String(value);
                if (value instanceof Date) return value.toISOString();
                if (value instanceof Error) return '[' + (value.name || 'Error') + ': ' + value.message + ']';
                if (Array.isArray(value)) {
                    if (depth > 2) return '[Array]';
                    const items = value.slice(0, 20).map(function (v) { return inspect(v, depth + 1); });
                    if (value.length > 20) items.push('…');
                    return '[ ' + items.join(', ') + ' ]';
                }
                if (typeof value === 'object') {
                    if (depth > 2) return '{ Object }';
                    if (value.__ferryResponse) return 'response';
                    const keys = Object.keys(value);
                    const items = keys.slice(0, 20).map(function (k) { return k + ': ' + inspect(value[k], depth + 1); });
                    if (keys.length > 20) items.push('…');
                    return items.length ? '{ ' + items.join(', ') + ' }' : '{}';
                }
                return String(value);
            }
            F.inspect = inspect;

            function type(value) {
                if (value === null) return 'null';
                if (Array.isArray(value)) return 'array';
                if (value instanceof RegExp) return 'regexp';
                if (value instanceof Date) return 'date';
                if (value instanceof Error) return 'error';
                return typeof value;
            }

            function deepEqual(a, b) {
                if (a === b) return a !== 0 || 1 / a === 1 / b;
                if (typeof a === 'number' && typeof b === 'number') return a !== a && b !== b;
                if (type(a) !== type(b) || typeof a !== 'object' || a === null) return false;
                if (a instanceof Date) return a.getTime() === b.getTime();
                if (a instanceof RegExp) return String(a) === String(b);
                if (Array.isArray(a)) {
                    if (a.length !== b.length) return false;
                    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], b[i])) return false;
                    return true;
                }
                const ka = Object.keys(a).sort(), kb = Object.keys(b).sort();
                if (ka.length !== kb.length) return false;
                for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i] || !deepEqual(a[ka[i]], b[kb[i]])) return false;
                return true;
            }
            F.deepEqual = deepEqual;

            /** The flags of an assertion none was set on (`not`, `deep`…): shared, frozen; `flag` gives it its own. */
            const noFlags = Object.freeze({});
            function Assertion(subject, message) {
                this.__subject = subject;
                this.__message = message;
                this.__flags = noFlags;
            }
            F.Assertion = Assertion;
            /** The assertion behind `this` (a chainable method's function carries it). */
            function self(it) { return it.__assertion || it; }

            Assertion.prototype.assert = function (holds, positive, negative, expected, actual) {
                const a = self(this);
                const ok = a.__flags.negate ? !holds : !!holds;
                if (ok) return;
                let message = a.__flags.negate ? negative : positive;
                message = message.replace(/#\{this\}/g, function () { return inspect(a.__subject); })
                    .replace(/#\{what\}/g, function () { return what(a); })
                    .replace(/#\{exp\}/g, function () { return inspect(expected); })
                    .replace(/#\{act\}/g, function () { return inspect(actual); });
                throw new AssertionError((a.__message ? a.__message + ': ' : '') + message);
            };
            function flag(a, name, value) {
                if (value === undefined) return a.__flags[name];
                if (a.__flags === noFlags) a.__flags = {};
                a.__flags[name] = value;
                return a;
            }

            function property(name, getter) {
                Object.defineProperty(Assertion.prototype, name, {
                    configurable: true,
                    get: function () { const a = self(this); const result = getter.call(a, a); return result === undefined ? a : result; },
                });
            }
            function method(names, fn) {
                names.split(' ').forEach(function (name) {
                    Assertion.prototype[name] = function () { const a = self(this); const r = fn.apply(a, arguments); return r === undefined ? a : r; };
                });
            }
            /** A word usable both as a chain (`.include.members`, `.length.above`) and as a call (`.include(3)`). */
            function chainable(names, fn, chaining) {
                names.split(' ').forEach(function (name) {
                    Object.defineProperty(Assertion.prototype, name, {
                        configurable: true,
                        get: function () {
                            const a = self(this);
                            if (chaining) chaining.call(a, a);
                            const call = function () { const r = fn.apply(a, arguments); return r === undefined ? a : r; };
                            delete call.length;
                            delete call.name;
                            Object.setPrototypeOf(call, Assertion.prototype);
                            call.__assertion = a;
                            return call;
                        },
                    });
                });
            }

            // The words that only chain (`to.be`), one getter for them all.
            const chainWord = { configurable: true, get: function () { return self(this); } };
            'to be been is that which and has have with at of same but does still also'.split(' ').forEach(function (word) {
                Object.defineProperty(Assertion.prototype, word, chainWord);
            });
            property('not', function (a) { flag(a, 'negate', !flag(a, 'negate')); });
            property('deep', function (a) { flag(a, 'deep', true); });
            property('nested', function (a) { flag(a, 'nested', true); });
            property('own', function (a) { flag(a, 'own', true); });
            property('any', function (a) { flag(a, 'any', true); });
            property('all', function (a) { flag(a, 'all', true); });
            property('ordered', function (a) { flag(a, 'ordered', true); });

            /** The value an assertion compares: its subject, or the subject's length (`.length`). */
            function subjectOf(a) {
                const s = a.__subject;
                if (flag(a, 'doLength')) {
                    const length = s === null || s === undefined ? undefined : s.length !== undefined ? s.length : s.size;
                    a.assert(typeof length === 'number', 'expected #{this} to have a length', 'expected #{this} not to have a length');
                    return length;
                }
                return s;
            }
            /** How a message names what `subjectOf` compared (`#{what}`), made only for a failure. */
            function what(a) { return (flag(a, 'doLength') ? 'the length of ' : '') + inspect(a.__subject); }
            function compare(names, test, word) {
                // Its messages, with one bound or two (`within`), made once: only a failure fills them in.
                const wording = [' #{exp}', ' #{exp}..#{act}'].map(function (range) {
                    return ['expected #{what} to be ' + word + range, 'expected #{what} not to be ' + word + range];
                });
                method(names, function (n, m) {
                    const value = subjectOf(this);
                    if (typeof value !== 'number' && !(value instanceof Date)) {
                        throw new AssertionError('expected ' + what(this) + ' to be a number or a date');
                    }
                    const messages = wording[m !== undefined ? 1 : 0];
                    this.assert(test(value, n, m), messages[0], messages[1], n, m);
                });
            }
            compare('above gt greaterThan', function (v, n) { return v > n; }, 'above');
            compare('least gte greaterThanOrEqual', function (v, n) { return v >= n; }, 'at least');
            compare('below lt lessThan', function (v, n) { return v < n; }, 'below');
            compare('most lte lessThanOrEqual', function (v, n) { return v <= n; }, 'at most');
            compare('within', function (v, n, m) { return v >= n && v <= m; }, 'within');
            method('closeTo approximately', function (n, delta) {
                this.assert(Math.abs(this.__subject - n) <= delta, 'expected #{this} to be close to ' + n + ' +/- ' + delta,
                    'expected #{this} not to be close to ' + n + ' +/- ' + delta);
            });

            method('equal equals eq', function (expected) {
                const value = subjectOf(this);
                if (flag(this, 'deep')) return this.eql(expected);
                this.assert(value === expected, 'expected #{what} to equal #{exp}', 'expected #{what} not to equal #{exp}', expected);
            });
            method('eql eqls', function (expected) {
                this.assert(deepEqual(this.__subject, expected), 'expected #{this} to deeply equal #{exp}', 'expected #{this} not to deeply equal #{exp}',
                    expected);
            });

            function typeCheck(expected) {
                expected = String(expected).toLowerCase();
                const article = /^[aeiou]/.test(expected) ? 'an ' : 'a ';
                this.assert(type(this.__subject) === expected, 'expected #{this} to be ' + article + expected,
                    'expected #{this} not to be ' + article + expected);
            }
            chainable('a an', typeCheck);

            function includes(subject, value, deep) {
                if (typeof subject === 'string') return subject.indexOf(value) >= 0;
                if (Array.isArray(subject)) return subject.some(function (item) { return deep ? deepEqual(item, value) : item === value; });
                if (subject && typeof subject === 'object') {
                    if (typeof value !== 'object' || value === null) return Object.prototype.hasOwnProperty.call(subject, value);
                    return Object.keys(value).every(function (k) {
                        return k in subject && (deep ? deepEqual(subject[k], value[k]) : subject[k] === value[k]);
                    });
                }
                return false;
            }
            chainable('include includes contain contains', function (value) {
                const s = this.__subject;
                if (typeof s !== 'string' && !Array.isArray(s) && (s === null || typeof s !== 'object')) {
                    throw new AssertionError('expected ' + inspect(s) + ' to be a string, an array or an object to include ' + inspect(value));
                }
                this.assert(includes(s, value, flag(this, 'deep') || (typeof value === 'object' && Array.isArray(s) && value !== null)),
                    'expected #{this} to include #{exp}', 'expected #{this} not to include #{exp}', value);
            }, function (a) { flag(a, 'contains', true); });
            method('string', function (text) {
                this.assert(typeof this.__subject === 'string' && this.__subject.indexOf(text) >= 0, 'expected #{this} to contain #{exp}',
                    'expected #{this} not to contain #{exp}', text);
            });

            chainable('length lengthOf', function (n, m) {
                const s = this.__subject;
                const length = s === null || s === undefined ? undefined : s.length !== undefined ? s.length : s.size;
                if (m !== undefined && typeof n === 'number' && typeof m === 'number') {
                    this.assert(length >= n && length <= m, 'expected #{this} to have a length within ' + n + '..' + m,
                        'expected #{this} not to have a length within ' + n + '..' + m);
                    return;
                }
                this.assert(length === n, 'expected #{this} to have a length of #{exp} but got #{act}',
                    'expected #{this} not to have a length of #{act}', n, length);
            }, function (a) { flag(a, 'doLength', true); });

            method('property', function (name, value) {
                const s = this.__subject;
                let has, actual;
                if (flag(this, 'nested')) {
                    const path = String(name).replace(/\[(\w+)\]/g, '.$1').split('.');
                    let node = s;
                    has = true;
                    for (const part of path) {
                        if (node === null || node === undefined || !(typeof node === 'object' ? part in node : node[part] !== undefined)) {
                            has = false;
                            break;
                        }
                        node = node[part];
                    }
                    actual = has ? node : undefined;
                } else {
                    has = s !== null && s !== undefined &&
                        (flag(this, 'own') ? Object.prototype.hasOwnProperty.call(Object(s), name) : name in Object(s));
                    actual = has ? s[name] : undefined;
                }
                const words = (flag(this, 'nested') ? 'nested ' : flag(this, 'own') ? 'own ' : '') + 'property ' + inspect(name);
                if (arguments.length > 1) {
                    const same = flag(this, 'deep') ? deepEqual(actual, value) : actual === value;
                    this.assert(has && same, 'expected #{this} to have ' + words + ' of #{exp}, but got #{act}',
                        'expected #{this} not to have ' + words + ' of #{act}', value, actual);
                } else {
                    this.assert(has, 'expected #{this} to have ' + words, 'expected #{this} not to have ' + words);
                }
                const next = new Assertion(actual, this.__message);
                return next;
            });
            method('ownProperty haveOwnProperty', function (name, value) {
                flag(this, 'own', true);
                return arguments.length > 1 ? this.property(name, value) : this.property(name);
            });

            method('match matches', function (pattern) {
                const re = pattern instanceof RegExp ? pattern : new RegExp(pattern);
                this.assert(re.test(String(this.__subject)), 'expected #{this} to match ' + re, 'expected #{this} not to match ' + re);
            });
            method('oneOf', function (list) {
                const s = this.__subject;
                const holds = list.some(function (item) { return item === s || (flag(this, 'deep') && deepEqual(item, s)); }, this);
                this.assert(holds, 'expected #{this} to be one of #{exp}', 'expected #{this} not to be one of #{exp}', list);
            });
            method('keys key', function () {
                let keys = arguments.length === 1 && Array.isArray(arguments[0]) ? arguments[0] :
                    arguments.length === 1 && arguments[0] && typeof arguments[0] === 'object' ? Object.keys(arguments[0]) :
                    Array.prototype.slice.call(arguments);
                keys = keys.map(String);
                const actual = this.__subject && typeof this.__subject === 'object' ? Object.keys(this.__subject) : [];
                let holds;
                if (flag(this, 'any')) {
                    holds = keys.some(function (k) { return actual.indexOf(k) >= 0; });
                } else {
                    holds = keys.every(function (k) { return actual.indexOf(k) >= 0; });
                    if (!flag(this, 'contains')) holds = holds && actual.length === keys.length;
                }
                const words = (flag(this, 'any') ? 'any of ' : flag(this, 'contains') ? '' : 'all of ') + 'keys ' + inspect(keys);
                this.assert(holds, 'expected #{this} to have ' + words, 'expected #{this} not to have ' + words);
            });
            method('members', function (list) {
                const s = this.__subject;
                const deep = flag(this, 'deep');
                const has = function (arr, item) { return arr.some(function (x) { return deep ? deepEqual(x, item) : x === item; }); };
                let holds = Array.isArray(s) && list.every(function (item) { return has(s, item); });
                if (!flag(this, 'contains')) holds = holds && s.length === list.length && s.every(function (item) { return has(list, item); });
                if (flag(this, 'ordered')) holds = holds && list.every(function (item, i) { return deep ? deepEqual(s[i], item) : s[i] === item; });
                this.assert(holds, 'expected #{this} to have the members #{exp}', 'expected #{this} not to have the members #{exp}', list);
            });
            method('satisfy satisfies', function (fn) {
                this.assert(fn(this.__subject), 'expected #{this} to satisfy ' + inspect(fn), 'expected #{this} not to satisfy ' + inspect(fn));
            });
            method('instanceof instanceOf', function (constructor) {
                this.assert(this.__subject instanceof constructor, 'expected #{this} to be an instance of ' + (constructor.name || 'it'),
                    'expected #{this} not to be an instance of ' + (constructor.name || 'it'));
            });
            method('throw throws Throw', function (expected) {
                let thrown = null;
                try { this.__subject(); } catch (error) { thrown = error || true; }
                let holds = thrown !== null;
                if (holds && expected !== undefined) {
                    const message = thrown && thrown.message !== undefined ? thrown.message : String(thrown);
                    if (expected instanceof RegExp) holds = expected.test(message);
                    else if (typeof expected === 'string') holds = message.indexOf(expected) >= 0;
                    else if (typeof expected === 'function') holds = thrown instanceof expected;
                }
                this.assert(holds, 'expected the function to throw' + (expected !== undefined ? ' ' + inspect(expected) : ''),
                    'expected the function not to throw' + (thrown && thrown.message ? " but it threw '" + thrown.message + "'" : ''));
            });
            method('respondTo respondsTo', function (name) {
                this.assert(this.__subject && typeof this.__subject[name] === 'function', 'expected #{this} to respond to ' + inspect(name),
                    'expected #{this} not to respond to ' + inspect(name));
            });

            function trait(name, test, words) {
                property(name, function (a) { a.assert(test(a.__subject), 'expected #{this} to be ' + words, 'expected #{this} not to be ' + words); });
            }
            trait('true', function (v) { return v === true; }, 'true');
            trait('false', function (v) { return v === false; }, 'false');
            trait('null', function (v) { return v === null; }, 'null');
            trait('undefined', function (v) { return v === undefined; }, 'undefined');
            trait('NaN', function (v) { return typeof v === 'number' && v !== v; }, 'NaN');
            trait('finite', function (v) { return typeof v === 'number' && isFinite(v); }, 'a finite number');
            trait('extensible', function (v) { return Object.isExtensible(v); }, 'extensible');
            trait('sealed', function (v) { return Object.isSealed(v); }, 'sealed');
            trait('frozen', function (v) { return Object.isFrozen(v); }, 'frozen');
            property('exist', function (a) {
                a.assert(a.__subject !== null && a.__subject !== undefined, 'expected #{this} to exist', 'expected #{this} not to exist');
            });
            property('exists', function (a) { return a.exist; });
            property('empty', function (a) {
                const s = a.__subject;
                const empty = typeof s === 'string' || Array.isArray(s) ? s.length === 0 :
                    s instanceof Map || s instanceof Set ? s.size === 0 : s && typeof s === 'object' ? Object.keys(s).length === 0 : null;
                if (empty === null) throw new AssertionError('.empty was passed ' + inspect(s) + ', not a string, array or object');
                a.assert(empty, 'expected #{this} to be empty', 'expected #{this} not to be empty');
            });
            property('ok', function (a) {
                if (a.__subject && a.__subject.__ferryResponse) return a.success;
                a.assert(!!a.__subject, 'expected #{this} to be truthy', 'expected #{this} to be falsy');
            });

            const expect = function (subject, message) { return new Assertion(subject, message); };
            expect.fail = function (actual, expected, message) {
                throw new AssertionError(arguments.length === 1 ? String(actual) : message || 'expected ' + inspect(actual) + ' to equal ' + inspect(expected));
            };
            F.expect = expect;
            F.property = property;
            F.method = method;
            F.type = type;
        })(this);
        """#
}
