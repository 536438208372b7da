extension ScriptPrelude {
    /// The request and response a script sees, under pm's, bru's and ferry's names, and sendRequest's queue.
    static let exchange = #"""
        // The request and response a script sees: one model under pm's, bru's and ferry's names.
        (function (global) {
            'use strict';
            const F = global.__ferry;

            /** A list of headers (Postman's HeaderList): case-insensitive names, in order. */
            function HeaderList(entries) {
                this.entries = (entries || []).map(function (h) { return { key: String(h.key), value: String(h.value), disabled: !!h.disabled }; });
            }
            HeaderList.prototype = {
                find: function (name) {
                    name = String(name).toLowerCase();
                    return this.entries.find(function (h) { return !h.disabled && h.key.toLowerCase() === name; });
                },
                get: function (name) { const h = this.find(name); return h ? h.value : undefined; },
                one: function (name) { return this.find(name); },
                has: function (name, value) { const h = this.find(name); return !!h && (value === undefined || h.value === String(value)); },
                add: function (header, value) {
                    const h = typeof header === 'string' ? F.parseHeader(header, value) : header;
                    this.entries.push({ key: String(h.key), value: String(h.value === undefined ? '' : h.value), disabled: !!h.disabled });
                    this.touched = true;
                },
                upsert: function (header, value) {
                    const h = typeof header === 'string' ? F.parseHeader(header, value) : header;
                    const found = this.find(h.key);
                    if (found) { found.value = String(h.value === undefined ? '' : h.value); this.touched = true; } else { this.add(h); }
                },
                remove: function (name) {
                    const key = typeof name === 'string' ? name.toLowerCase() : name && name.key && name.key.toLowerCase();
                    this.entries = this.entries.filter(function (h) { return h.key.toLowerCase() !== key; });
                    this.touched = true;
                },
                toObject: function () {
                    const o = {};
                    for (const h of this.entries) if (!h.disabled) o[h.key] = h.value;
                    return o;
                },
                all: function () { return this.entries.filter(function (h) { return !h.disabled; }); },
                each: function (fn) { this.all().forEach(fn); },
                map: function (fn) { return this.all().map(fn); },
                filter: function (fn) { return this.all().filter(fn); },
                count: function () { return this.all().length; },
                toJSON: function () { return this.all(); },
                toString: function () { return this.all().map(function (h) { return h.key + ': ' + h.value; }).join('\n'); },
            };
            /** A list over headers as Ferry wrote them (names and values text, none disabled): not copied one by one. */
            HeaderList.adopting = function (entries) {
                const list = Object.create(HeaderList.prototype);
                list.entries = entries.slice();
                return list;
            };
            F.HeaderList = HeaderList;
            F.parseHeader = function (text, value) {
                if (value !== undefined) return { key: text, value: value };
                const colon = text.indexOf(':');
                return colon < 0 ? { key: text, value: '' } : { key: text.slice(0, colon).trim(), value: text.slice(colon + 1).trim() };
            };

            /** A URL as text with Postman's Url methods over it. */
            function Url(text) { this.update(text); }
            Url.prototype = {
                update: function (text) {
                    text = typeof text === 'string' ? text : (text && (text.raw || text.toString())) || '';
                    this.raw = text;
                    const hash = text.indexOf('#');
                    const base = hash < 0 ? text : text.slice(0, hash);
                    const mark = base.indexOf('?');
                    this.base = mark < 0 ? base : base.slice(0, mark);
                    const query = mark < 0 ? '' : base.slice(mark + 1);
                    this.query = new QueryList(this, query);
                    this.hash = hash < 0 ? '' : text.slice(hash + 1);
                    const match = /^([a-z][a-z0-9+.-]*:\/\/)?([^/]*)(.*)$/i.exec(this.base);
                    this.protocol = match[1] ? match[1].slice(0, -3) : undefined;
                    const hostPort = match[2].replace(/^.*@/, '');
                    const portMark = hostPort.lastIndexOf(':');
                    this.host = (portMark < 0 || hostPort.indexOf('}}') > portMark ? hostPort : hostPort.slice(0, portMark)).split('.');
                    this.port = portMark < 0 || hostPort.indexOf('}}') > portMark ? undefined : hostPort.slice(portMark + 1);
                    this.path = match[3].split('/').filter(function (p, i) { return i > 0 || p !== ''; });
                },
                toString: function () {
                    const query = this.query.toString();
                    return this.base + (query ? '?' + query : '') + (this.hash ? '#' + this.hash : '');
                },
                getHost: function () { return this.host.join('.'); },
                getPath: function () { return '/' + this.path.join('/'); },
                getPathWithQuery: function () { const q = this.query.toString(); return this.getPath() + (q ? '?' + q : ''); },
                getQueryString: function () { return this.query.toString(); },
                getRaw: function () { return this.toString(); },
                addQueryParams: function (params) {
                    const list = this.query;
                    (Array.isArray(params) ? params : [params]).forEach(function (p) {
                        if (typeof p === 'string') { list.add(F.parseQuery(p)[0]); } else { list.add(p); }
                    });
                },
                removeQueryParams: function (names) {
                    const list = this.query;
                    (Array.isArray(names) ? names : [names]).forEach(function (n) { list.remove(typeof n === 'string' ? n : n.key); });
                },
                toJSON: function () { return this.toString(); },
            };
            F.parseQuery = function (text) {
                if (!text) return [];
                return text.split('&').map(function (pair) {
                    const eq = pair.indexOf('=');
                    return eq < 0 ? { key: pair, value: null } : { key: pair.slice(0, eq), value: pair.slice(eq + 1) };
                });
            };
            function QueryList(url, text) { this.url = url; this.entries = F.parseQuery(text); }
            QueryList.prototype = {
                add: function (p) { this.entries.push({ key: String(p.key), value: p.value === undefined || p.value === null ? null : String(p.value) }); },
                upsert: function (p) {
                    const found = this.entries.find(function (e) { return e.key === p.key; });
                    if (found) found.value = p.value === undefined ? null : String(p.value); else this.add(p);
                },
                remove: function (key) { this.entries = this.entries.filter(function (e) { return e.key !== key; }); },
                get: function (key) { const e = this.entries.find(function (e) { return e.key === key; }); return e ? e.value : undefined; },
                has: function (key) { return this.entries.some(function (e) { return e.key === key; }); },
                all: function () { return this.entries.slice(); },
                each: function (fn) { this.entries.forEach(fn); },
                toObject: function () { const o = {}; this.entries.forEach(function (e) { o[e.key] = e.value; }); return o; },
                count: function () { return this.entries.length; },
                toString: function () {
                    return this.entries.map(function (e) { return e.value === null ? e.key : e.key + '=' + e.value; }).join('&');
                },
            };
            F.Url = Url;

            /** The request as a script sees and changes it (before it is resolved: `{{variables}}` still in place). */
            F.makeRequest = function (input) {
                const original = JSON.stringify(input);
                const request = {
                    id: input.id,
                    name: input.name,
                    method: String(input.method || 'GET'),
                    headers: new HeaderList(input.headers),
                    body: input.body ? Object.assign({}, input.body) : undefined,
                };
                let url = new Url(input.url);
                Object.defineProperty(request, 'url', {
                    enumerable: true,
                    get: function () { return url; },
                    set: function (value) { url = new Url(typeof value === 'string' ? value : value.toString()); },
                });
                if (request.body) {
                    request.body.toString = function () { return request.body.raw === undefined ? '' : String(request.body.raw); };
                    request.body.update = function (value) {
                        if (typeof value === 'string') { request.body.mode = 'raw'; request.body.raw = value; } else { Object.assign(request.body, value); }
                    };
                }
                request.addHeader = function (h) { request.headers.add(h); };
                request.removeHeader = function (name) { request.headers.remove(name); };
                request.upsertHeader = function (h) { request.headers.upsert(h); };
                request.plain = function () {
                    const body = request.body && request.body.raw !== undefined ? { mode: 'raw', raw: String(request.body.raw) } : null;
                    return { method: String(request.method).toUpperCase(), url: url.toString(), headers: request.headers.entries, body: body };
                };
                request.changed = function () {
                    const now = request.plain();
                    const was = JSON.parse(original);
                    const wasBody = was.body && was.body.raw !== undefined ? { mode: 'raw', raw: was.body.raw } : null;
                    return now.method !== String(was.method || 'GET').toUpperCase() || now.url !== was.url ||
                        JSON.stringify(now.headers) !== JSON.stringify(new HeaderList(was.headers).entries) ||
                        JSON.stringify(now.body) !== JSON.stringify(wasBody);
                };
                Object.defineProperty(request, '__ferryRequest', { value: true });
                Object.defineProperty(request, 'to', { get: function () { return new F.Assertion(request); } });
                return request;
            };

            /**
             * The response as a script sees it: its fields and methods its own (they work detached), what it
             * makes on demand — its cookies, its assertions — on a prototype made once (cheaper than defining
             * them on each response).
             */
            const cookiesOf = Symbol('cookies'), headersOf = Symbol('headers');
            const responseProto = Object.defineProperties({}, {
                __ferryResponse: { value: true },
                cookies: {
                    enumerable: true,
                    get: function () { return this[cookiesOf] || (this[cookiesOf] = F.parseCookies(this[headersOf])); },
                },
                to: { get: function () { return new F.Assertion(this); } },
                not: { get: function () { return new F.Assertion(this).not; } },
            });
            F.makeResponse = function (input) {
                const text = String(input.body || '');
                let parsed;
                const response = Object.create(responseProto);
                response.code = input.code;
                response.status = input.status || '';
                response.reason = function () { return input.status || ''; };
                response.headers = HeaderList.adopting(input.headers || []);
                response.responseTime = input.responseTime;
                response.responseSize = input.responseSize;
                response.text = function () { return text; };
                response.json = function () {
                    if (parsed === undefined) {
                        try {
                            parsed = JSON.parse(text);
                        } catch (error) {
                            throw new SyntaxError('the response body is not JSON: ' + error.message);
                        }
                    }
                    return parsed;
                };
                response[headersOf] = input.headers || [];
                return response;
            };

            /** The cookies a response sets (its Set-Cookie headers), by name. */
            F.parseCookies = function (headers) {
                const cookies = [];
                headers.forEach(function (h) {
                    if (String(h.key).toLowerCase() !== 'set-cookie') return;
                    const first = String(h.value).split(';')[0];
                    const eq = first.indexOf('=');
                    if (eq > 0) cookies.push({ name: first.slice(0, eq).trim(), value: first.slice(eq + 1).trim() });
                });
                return {
                    get: function (name) { const c = cookies.find(function (c) { return c.name === name; }); return c ? c.value : undefined; },
                    has: function (name) { return cookies.some(function (c) { return c.name === name; }); },
                    toObject: function () { const o = {}; cookies.forEach(function (c) { o[c.name] = c.value; }); return o; },
                    all: function () { return cookies.slice(); },
                    count: function () { return cookies.length; },
                };
            };

            /** A request for pm.sendRequest / bru.sendRequest: queued for Ferry, answered by `deliver`. */
            F.sendRequest = function (spec) {
                let plain;
                if (typeof spec === 'string') {
                    plain = { method: 'GET', url: F.replaceIn(spec), headers: [], body: null };
                } else {
                    const url = typeof spec.url === 'string' ? spec.url : spec.url ? String(spec.url.raw || spec.url.toString()) : '';
                    let headers = spec.header || spec.headers || [];
                    if (headers instanceof HeaderList) headers = headers.entries;
                    else if (!Array.isArray(headers)) headers = Object.keys(headers).map(function (k) { return { key: k, value: headers[k] }; });
                    else headers = headers.map(function (h) { return typeof h === 'string' ? F.parseHeader(h) : h; });
                    let body = null;
                    const b = spec.body;
                    if (typeof b === 'string') body = b;
                    else if (b && b.mode === 'raw') body = String(b.raw || '');
                    else if (b && b.mode === 'urlencoded') {
                        body = (b.urlencoded || []).map(function (p) {
                            return encodeURIComponent(p.key) + '=' + encodeURIComponent(p.value === undefined ? '' : p.value);
                        }).join('&');
                        headers.push({ key: 'Content-Type', value: 'application/x-www-form-urlencoded' });
                    } else if (b && typeof b === 'object' && !b.mode) {
                        body = JSON.stringify(b);
                    }
                    plain = { method: String(spec.method || 'GET').toUpperCase(), url: F.replaceIn(url),
                        headers: headers.map(function (h) { return { key: String(h.key), value: F.replaceIn(String(h.value)) }; }),
                        body: body === null ? null : F.replaceIn(body) };
                }
                return queue(plain);
            };

            /** A request of the collection run by its path (`bru.runRequest`), with the script's variables as they are now. */
            F.runRequest = function (path) {
                if (typeof path !== 'string' || path === '') throw new TypeError('runRequest needs the path of a request in the collection');
                return queue({ method: 'GET', url: '', headers: [], body: null, path: path, variables: Object.assign({}, F.state.vars) });
            };

            /** Queues a request for Ferry: a promise of its response. */
            function queue(plain) {
                const state = F.state;
                const id = ++state.sendSeq;
                state.pending.push({ id: id, request: plain });
                const waiting = state.waiting || (state.waiting = new Map());
                return new Promise(function (resolve, reject) { waiting.set(id, { resolve: resolve, reject: reject }); });
            }

            /** Ferry's answer to a sent request: its response, or why none came. */
            F.deliver = function (id, answer, body) {
                if (answer.response) answer.response.body = body;
                const waiting = F.state.waiting && F.state.waiting.get(id);
                if (waiting) F.state.waiting.delete(id);
                if (!waiting) return;
                if (answer.error) waiting.reject(new Error(answer.error)); else waiting.resolve(F.makeResponse(answer.response));
            };
        })(this);
        """#
}
