extension ScriptPrelude {
    /// JSON Schema in scripts through Ferry's own validator (the host's `__ferrySchemaCheck`): Postman's
    /// `tv4` global, `require('ajv')` and Chai's `jsonSchema`, with the messages ajv and tv4 give.
    static let schema = #"""
        // JSON Schema through Ferry's validator: tv4, Ajv and Chai's jsonSchema.
        (function (global) {
            'use strict';
            const F = global.__ferry;
            const check = global.__ferrySchemaCheck;
            delete global.__ferrySchemaCheck;

            /** The value a JSON pointer (`#/properties/a/type`) names in `root`. */
            function at(root, pointer) {
                let node = root;
                for (const part of String(pointer).replace(/^[^#]*#/, '').split('/').slice(1)) {
                    if (node === null || typeof node !== 'object') return undefined;
                    node = node[decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~')];
                }
                return node;
            }

            /** An instance pointer (`/items/0/id`) as ajv writes a data path (`.items[0].id`). */
            function dataPath(pointer) {
                return String(pointer).split('/').slice(1).map(function (part) {
                    part = part.replace(/~1/g, '/').replace(/~0/g, '~');
                    if (/^[0-9]+$/.test(part)) return '[' + part + ']';
                    return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(part) ? '.' + part : "['" + part.replace(/'/g, "\\'") + "']";
                }).join('');
            }

            /** A violation in ajv's words where its keyword is a common one, else in Ferry's. */
            function ajvMessage(error, schema) {
                const value = at(schema, error.schemaPath);
                switch (error.keyword) {
                case 'type': return 'should be ' + (Array.isArray(value) ? value.join(',') : value);
                case 'required': {
                    const missing = /'([^']*)' is a required property/.exec(error.message);
                    return "should have required property '" + (missing ? missing[1] : '') + "'";
                }
                case 'minimum': return 'should be >= ' + value;
                case 'maximum': return 'should be <= ' + value;
                case 'exclusiveMinimum': return 'should be > ' + value;
                case 'exclusiveMaximum': return 'should be < ' + value;
                case 'minLength': return 'should NOT be shorter than ' + value + ' characters';
                case 'maxLength': return 'should NOT be longer than ' + value + ' characters';
                case 'minItems': return 'should NOT have fewer than ' + value + ' items';
                case 'maxItems': return 'should NOT have more than ' + value + ' items';
                case 'pattern': return 'should match pattern "' + value + '"';
                case 'enum': return 'should be equal to one of the allowed values';
                case 'const': return 'should be equal to constant';
                case 'additionalProperties': return 'should NOT have additional properties';
                default: return error.message;
                }
            }

            /**
             * `instance` checked against `schema` (`dialect`: `draft-04` for tv4, empty for draft 7 unless the
             * schema's `$schema` names another): `{valid, errors}`, each error with its pointer, keyword and message.
             */
            F.checkSchema = function (schema, instance, dialect) {
                if (schema === null || (typeof schema !== 'object' && typeof schema !== 'boolean')) {
                    throw new TypeError('a JSON schema is an object, not ' + F.inspect(schema));
                }
                const answer = check(JSON.stringify(schema), JSON.stringify(instance === undefined ? null : instance), dialect || '');
                if (answer === null) throw new Error('the JSON schema could not be checked');
                const result = JSON.parse(answer);
                if (result.problem) throw new Error('the JSON schema cannot be used: ' + result.problem);
                result.errors.forEach(function (error) {
                    error.dataPath = dataPath(error.pointer);
                    error.ajvMessage = ajvMessage(error, schema);
                });
                return result;
            };

            // Chai's jsonSchema (chai-json-schema, as Postman's sandbox has it): the subject, or a response's JSON body.
            F.method('jsonSchema', function (schema) {
                const subject = this.__subject;
                const value = subject && subject.__ferryResponse ? subject.json() : subject;
                const result = F.checkSchema(schema, value);
                const found = result.errors.map(function (e) { return 'data' + e.dataPath + ' ' + e.ajvMessage; }).join(', ');
                this.assert(result.valid, 'expected data to satisfy schema but found following errors: \n' + found,
                    'expected data to not satisfy schema');
            });

            // tv4 (draft 4), as Postman's sandbox has it.
            function tv4Error(error) {
                return { message: error.message, dataPath: error.pointer, schemaPath: error.schemaPath.replace(/^[^#]*#/, ''), keyword: error.keyword,
                    code: 0, params: {}, subErrors: null };
            }
            function makeTv4() {
                const tv4 = {
                    error: null, errors: [], missing: [], valid: true,
                    validate: function (data, schema) {
                        const result = F.checkSchema(schema, data, 'draft-04');
                        tv4.valid = result.valid;
                        tv4.errors = result.errors.map(tv4Error);
                        tv4.error = tv4.errors[0] || null;
                        tv4.missing = [];
                        return result.valid;
                    },
                    validateResult: function (data, schema) {
                        const valid = tv4.validate(data, schema);
                        return { valid: valid, error: tv4.error, missing: [] };
                    },
                    validateMultiple: function (data, schema) {
                        const valid = tv4.validate(data, schema);
                        return { valid: valid, errors: tv4.errors, missing: [] };
                    },
                    addSchema: function () { return true; },
                    getMissingUris: function () { return []; },
                    dropSchemas: function () {},
                    freshApi: function () { return makeTv4(); },
                };
                return tv4;
            }
            F.lazyGlobals(['tv4'], function () { return { tv4: makeTv4() }; });

            // ajv's API (6.x, as Postman's sandbox has it): validate, compile, errors, errorsText.
            function Ajv(options) {
                if (!(this instanceof Ajv)) return new Ajv(options);
                this.errors = null;
                this.schemas = Object.create(null);
            }
            Ajv.prototype.compile = function (schema) {
                const ajv = this;
                const validate = function (data) {
                    const result = F.checkSchema(schema, data);
                    validate.errors = result.valid ? null : result.errors.map(function (e) {
                        return { keyword: e.keyword, dataPath: e.dataPath, schemaPath: e.schemaPath, params: {}, message: e.ajvMessage };
                    });
                    ajv.errors = validate.errors;
                    return result.valid;
                };
                validate.schema = schema;
                validate.errors = null;
                return validate;
            };
            Ajv.prototype.validate = function (schema, data) {
                const compiled = typeof schema === 'string' ? this.schemas[schema] : schema;
                if (compiled === undefined) throw new Error('no schema with key or ref "' + schema + '"');
                return this.compile(compiled)(data);
            };
            Ajv.prototype.addSchema = function (schema, key) {
                this.schemas[key || (schema && (schema.$id || schema.id))] = schema;
                return this;
            };
            Ajv.prototype.getSchema = function (key) { return this.schemas[key] ? this.compile(this.schemas[key]) : undefined; };
            Ajv.prototype.addFormat = function () { return this; };
            Ajv.prototype.addKeyword = function () { return this; };
            Ajv.prototype.addMetaSchema = function () { return this; };
            Ajv.prototype.errorsText = function (errors) {
                errors = errors === undefined ? this.errors : errors;
                if (!errors || errors.length === 0) return 'No errors';
                return errors.map(function (e) { return 'data' + e.dataPath + ' ' + e.message; }).join(', ');
            };
            F.builtinModules.ajv = Ajv;
            Object.defineProperty(F.builtinModules, 'tv4', { enumerable: true, get: makeTv4 });
        })(this);
        """#
}
