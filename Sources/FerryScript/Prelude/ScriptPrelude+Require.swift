extension ScriptPrelude {
    /// `require`: Node's built-ins refused, a small `crypto`, and CommonJS modules read from Debian's
    /// JavaScript libraries (`/usr/share/nodejs`…) through the host's `__ferryReadModule`; Postman's
    /// `_` (lodash) and `CryptoJS` globals from Debian's packages.
    static let require = #"""
        // require: Debian's JavaScript libraries (apt install node-lodash…), nothing else of the host.
        (function (global) {
            'use strict';
            const F = global.__ferry;
            const readModule = global.__ferryReadModule;
            const randomBytes = global.__ferryRandomBytes;
            delete global.__ferryReadModule;
            delete global.__ferryRandomBytes;
            const roots = ['/usr/share/nodejs/', '/usr/lib/nodejs/', '/usr/share/javascript/'];
            const hostModules = ['fs', 'child_process', 'net', 'http', 'https', 'os', 'path', 'process', 'dgram', 'cluster',
                'worker_threads', 'vm', 'tls', 'dns', 'module'];
            const packages = { lodash: 'node-lodash', moment: 'node-moment', uuid: 'node-uuid', 'crypto-js': 'libjs-cryptojs',
                chai: 'node-chai', ajv: 'node-ajv', cheerio: 'node-cheerio', tv4: 'node-tv4', xml2js: 'node-xml2js' };
            const maxModules = 2000;
            /** Modules loaded in this context, by path: a library is read and run once. */
            const cache = Object.create(null);
            let loadedCount = 0;

            function fill(array) {
                const hex = randomBytes(array.length);
                if (hex === null) throw new Error('crypto: no random bytes (at most 65,536 at once)');
                for (let i = 0; i < array.length; i++) array[i] = parseInt(hex.substr(i * 2, 2), 16);
                return array;
            }
            const crypto = {
                randomFillSync: fill,
                getRandomValues: fill,
                randomUUID: function () {
                    const b = fill(new Uint8Array(16));
                    b[6] = (b[6] & 0x0f) | 0x40;
                    b[8] = (b[8] & 0x3f) | 0x80;
                    const h = Array.from(b, function (x) { return (x + 0x100).toString(16).slice(1); }).join('');
                    return h.slice(0, 8) + '-' + h.slice(8, 12) + '-' + h.slice(12, 16) + '-' + h.slice(16, 20) + '-' + h.slice(20);
                },
                createHash: function (name) {
                    throw new Error("require('crypto').createHash('" + name + "') is not in Ferry's scripts");
                },
            };
            /** Modules of Ferry's own by name (`crypto`; `ajv` and `tv4` from ScriptPrelude+Schema), before Debian's. */
            const builtins = { crypto: crypto };
            F.builtinModules = builtins;

            function normalize(path) {
                const out = [];
                for (const part of path.split('/')) {
                    if (part === '' || part === '.') continue;
                    if (part === '..') out.pop(); else out.push(part);
                }
                return '/' + out.join('/');
            }

            function entryOf(json) {
                const exported = json.exports;
                const dot = exported && typeof exported === 'object' && !Array.isArray(exported) ? (exported['.'] || exported) : exported;
                const pick = function (value) {
                    if (typeof value === 'string') return value;
                    if (value && typeof value === 'object') return pick(value.node) || pick(value.require) || pick(value.default);
                    return null;
                };
                return pick(dot) || json.main || null;
            }

            /** The file a module path names (as is, .js, .json, a package's entry, index.js) with its text. */
            function find(path, depth) {
                for (const candidate of [path, path + '.js', path + '.json']) {
                    const text = readModule(candidate);
                    if (text !== null) return { path: candidate, text: text };
                }
                const manifest = readModule(path + '/package.json');
                if (manifest !== null && depth < 4) {
                    let entry = null;
                    try { entry = entryOf(JSON.parse(manifest)); } catch (e) { entry = null; }
                    const found = entry ? find(normalize(path + '/' + entry), depth + 1) : null;
                    if (found) return found;
                }
                const index = readModule(path + '/index.js');
                return index === null ? null : { path: path + '/index.js', text: index };
            }

            /** CryptoJS 3 from Debian's libjs-cryptojs: its components in the order crypto-js's own index loads them. */
            const cryptoFolder = '/usr/share/javascript/cryptojs/components/';
            const cryptoParts = ['core', 'x64-core', 'lib-typedarrays', 'enc-utf16', 'enc-base64', 'md5', 'sha1', 'sha256', 'sha224',
                'sha512', 'sha384', 'sha3', 'ripemd160', 'hmac', 'pbkdf2', 'evpkdf', 'cipher-core', 'mode-cfb', 'mode-ctr',
                'mode-ctr-gladman', 'mode-ofb', 'mode-ecb', 'pad-ansix923', 'pad-iso10126', 'pad-iso97971', 'pad-zeropadding',
                'pad-nopadding', 'format-hex', 'aes', 'tripledes', 'rc4', 'rabbit', 'rabbit-legacy'];
            function cryptoJS() {
                const known = cache[cryptoFolder];
                if (known) return known.exports;
                const texts = cryptoParts.map(function (part) { return readModule(cryptoFolder + part + '.js'); });
                if (texts.indexOf(null) >= 0) {
                    throw new Error("CryptoJS (require('crypto-js')): not installed; Debian packages it as libjs-cryptojs (apt install libjs-cryptojs)");
                }
                const make = (0, eval)('(function () {\n' + texts.join('\n;\n') + '\nreturn CryptoJS;\n})\n//# sourceURL=' + cryptoFolder);
                cache[cryptoFolder] = { exports: make() };
                return cache[cryptoFolder].exports;
            }

            function load(name, from) {
                name = String(name).replace(/^node:/, '');
                if (builtins[name]) return builtins[name];
                if (name === 'crypto-js' && from === null && find(roots[0] + name, 0) === null) return cryptoJS();
                if (hostModules.indexOf(name) >= 0) {
                    throw new Error("require('" + name + "'): Ferry's scripts have no file system, processes or network " +
                        '(send requests with pm.sendRequest)');
                }
                const relative = /^\.{0,2}\//.test(name);
                if (relative && from === null) {
                    throw new Error("require('" + name + "'): a script loads no files, only Debian's JavaScript libraries by name");
                }
                let found = null;
                if (relative) {
                    found = find(normalize(name.charAt(0) === '/' ? name : from + '/' + name), 0);
                } else {
                    for (const root of roots) {
                        found = find(root + name, 0);
                        if (found) break;
                    }
                }
                if (!found) {
                    if (packages[name]) {
                        throw new Error("require('" + name + "'): not installed; Debian packages it as " + packages[name] +
                            ' (apt install ' + packages[name] + ')');
                    }
                    throw new Error("require('" + name + "'): no such module" + (relative ? ' beside ' + from : " in Debian's JavaScript libraries (/usr/share/nodejs)"));
                }
                const known = cache[found.path];
                if (known) return known.exports;
                if (++loadedCount > maxModules) throw new Error('require: more than ' + maxModules + ' modules');
                const module = { exports: {}, id: found.path, filename: found.path, loaded: false };
                cache[found.path] = module;
                if (/\.json$/.test(found.path)) {
                    module.exports = JSON.parse(found.text);
                } else {
                    const folder = found.path.slice(0, found.path.lastIndexOf('/'));
                    const wrapper = (0, eval)('(function (exports, require, module, __filename, __dirname) {' + found.text +
                        '\n})\n//# sourceURL=' + found.path);
                    wrapper.call(module.exports, module.exports, function (inner) { return load(inner, folder); }, module, found.path, folder);
                }
                module.loaded = true;
                return module.exports;
            }

            F.require = function (name) { return load(name, null); };
            // Postman's sandbox has lodash as `_` and crypto-js as `CryptoJS`: Debian's, when installed.
            F.lazyGlobals(['_'], function () { return { _: F.require('lodash') }; });
            F.lazyGlobals(['CryptoJS'], function () { return { CryptoJS: cryptoJS() }; });
        })(this);
        """#
}
