package mcp

import (
	"encoding/json"
	"maps"
	"slices"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/memsvc/memsvc/engine"
)

// portableKeywords are the JSON Schema keywords every model provider
// accepts in a function declaration: the intersection of Gemini's
// OpenAPI-style Schema (which answers 400 "Unknown name" to anything else,
// additionalProperties, $schema, const, exclusiveMinimum and propertyNames
// included), OpenAI function calling and JSON Schema 2020-12. Clients hand
// the schema to the provider as listed, many without cleaning it, so one
// keyword outside this set fails every call of such a client, not just
// this tool. That is why the schemas do not state additionalProperties
// (false on the top level would say what the server enforces): the server
// refuses an unknown argument with a tool error naming it instead.
var portableKeywords = map[string]map[string]bool{
	"object":  {"type": true, "description": true, "properties": true, "required": true},
	"array":   {"type": true, "description": true, "items": true, "minItems": true, "maxItems": true},
	"string":  {"type": true, "description": true, "enum": true},
	"integer": {"type": true, "description": true, "minimum": true, "maximum": true},
	"boolean": {"type": true, "description": true},
}

// TestSchemasUseOnlyPortableKeywords walks both input schemas: every node
// uses only keywords its type may carry everywhere, every required name
// is a property, every enum value is a non-empty string.
func TestSchemasUseOnlyPortableKeywords(t *testing.T) {
	for _, tool := range []*sdk.Tool{addMemoriesTool(), searchMemoryTool()} {
		walkSchema(t, tool.Name, asJSON(t, tool.InputSchema))
	}
}

func walkSchema(t *testing.T, path string, s map[string]any) {
	t.Helper()
	typ, _ := s["type"].(string)
	allowed, known := portableKeywords[typ]
	if !known {
		t.Errorf("%s: type %v is not one of the portable types", path, s["type"])
		return
	}
	for _, kw := range slices.Sorted(maps.Keys(s)) {
		if !allowed[kw] {
			t.Errorf("%s: keyword %q on a %s is not accepted by every model provider", path, kw, typ)
		}
	}
	props, _ := s["properties"].(map[string]any)
	for _, name := range slices.Sorted(maps.Keys(props)) {
		walkSchema(t, path+"."+name, props[name].(map[string]any))
	}
	req, _ := s["required"].([]any)
	for _, r := range req {
		if _, ok := props[r.(string)]; !ok {
			t.Errorf("%s: required %q is not a property", path, r)
		}
	}
	if items, ok := s["items"].(map[string]any); ok {
		walkSchema(t, path+"[]", items)
	}
	enum, _ := s["enum"].([]any)
	for _, v := range enum {
		if str, ok := v.(string); !ok || str == "" {
			t.Errorf("%s: enum value %v is not a non-empty string", path, v)
		}
	}
}

// TestSchemasAgreeWithTheServer compiles both input schemas as JSON Schema
// 2020-12 and checks them against the argument decoders: a client that
// validates arguments against the schema before calling must never refuse
// what the server takes, and the schema must refuse the mistakes it can
// express, so a model sees them in the schema before it makes them.
func TestSchemasAgreeWithTheServer(t *testing.T) {
	tests := []struct {
		tool   string
		args   string
		schema bool // the schema accepts it
		server bool // the tool's decoder accepts it
	}{
		{toolAdd, `{"memories":["Alice lives in Paris"]}`, true, true},
		{toolAdd, `{"memories":["a","b"],"memory_type":"procedural","tags":["x"],"session_id":"s-1","metadata":{"source":"chat","n":2}}`, true, true},
		{toolAdd, `{"memories":["a"],"metadata":{"n":1}}`, true, true},
		{toolAdd, `{"memories":"Alice lives in Paris"}`, false, false},
		{toolAdd, `{"memories":["a"],"tags":"x"}`, false, false},
		{toolAdd, `{"memories":["a"],"metadata":"chat"}`, false, false},
		{toolAdd, `{"memories":["a"],"memory_type":"fact"}`, false, false},
		{toolAdd, `{"memories":[1]}`, false, false},
		{toolSearch, `{}`, true, true},
		{toolSearch, `{"query":"where does Alice live","top_k":5,"mode":"vector","rerank":"cross_encoder","memory_type":"semantic","session_id":"s-1","include_superseded":true}`, true, true},
		{toolSearch, `{"top_k":5.0,"page":2}`, true, true},
		{toolSearch, `{"top_k":100}`, true, true},
		{toolSearch, `{"ids":["01J","skill:abc"]}`, true, true},
		{toolSearch, `{"top_k":0}`, false, false},
		{toolSearch, `{"top_k":101}`, false, false},
		{toolSearch, `{"top_k":2.5}`, false, false},
		{toolSearch, `{"top_k":"5"}`, false, false},
		{toolSearch, `{"page":0}`, false, false},
		{toolSearch, `{"memory_type":"facts"}`, false, false},
		{toolSearch, `{"include_superseded":"yes"}`, false, false},
		{toolSearch, `{"ids":"01J"}`, false, false},
	}
	resolved := map[string]*jsonschema.Resolved{}
	for _, tool := range []*sdk.Tool{addMemoriesTool(), searchMemoryTool()} {
		var s jsonschema.Schema
		b, _ := json.Marshal(tool.InputSchema)
		if err := json.Unmarshal(b, &s); err != nil {
			t.Fatalf("%s: not a JSON Schema: %v", tool.Name, err)
		}
		r, err := s.Resolve(nil)
		if err != nil {
			t.Fatalf("%s: does not compile as JSON Schema 2020-12: %v", tool.Name, err)
		}
		resolved[tool.Name] = r
	}
	for _, tt := range tests {
		var args any
		if err := json.Unmarshal([]byte(tt.args), &args); err != nil {
			t.Fatal(err)
		}
		schemaErr := resolved[tt.tool].Validate(args)
		if (schemaErr == nil) != tt.schema {
			t.Errorf("%s %s: schema says %v, want accepted=%v", tt.tool, tt.args, schemaErr, tt.schema)
		}
		var serverErr error
		if tt.tool == toolAdd {
			_, serverErr = decodeAdd([]byte(tt.args))
			if serverErr == nil {
				serverErr = checkMemoryTypeArg([]byte(tt.args))
			}
		} else {
			_, serverErr = decodeSearch([]byte(tt.args))
		}
		if (serverErr == nil) != tt.server {
			t.Errorf("%s %s: server says %v, want accepted=%v", tt.tool, tt.args, serverErr, tt.server)
		}
	}
}

// checkMemoryTypeArg is the engine's memory_type check, which add_memories
// leaves to engine.Ingest.
func checkMemoryTypeArg(raw []byte) error {
	a, err := decodeAdd(raw)
	if err != nil {
		return err
	}
	return engine.ValidateMemoryType(a.MemoryType)
}

func asJSON(t *testing.T, v any) map[string]any {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m
}
