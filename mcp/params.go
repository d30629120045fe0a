package mcp

import (
	"bytes"
	stdjson "encoding/json"
	"errors"
	"reflect"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	// The decoder the SDK reads messages with (case-sensitive field
	// names): checking with it refuses exactly what the SDK would refuse.
	sjson "github.com/segmentio/encoding/json"
)

// The SDK decodes a message's envelope and params into Go structs and
// answers a member of the wrong JSON type with the decoder's error, which
// names Go types ("into Go struct field mcp.CallToolParamsRaw.name of type
// string") and echoes the raw input. The edges check both first
// (checkMessage) and answer in the protocol's terms: the member's path
// and the JSON type it takes.

// paramsOf gives, for each method the server receives, a new value of the
// params type the SDK decodes it into.
var paramsOf = map[string]func() any{
	"initialize":                       func() any { return new(sdk.InitializeParams) },
	"ping":                             func() any { return new(sdk.PingParams) },
	"server/discover":                  func() any { return new(sdk.DiscoverParams) },
	"tools/list":                       func() any { return new(sdk.ListToolsParams) },
	"tools/call":                       func() any { return new(sdk.CallToolParamsRaw) },
	"prompts/list":                     func() any { return new(sdk.ListPromptsParams) },
	"prompts/get":                      func() any { return new(sdk.GetPromptParams) },
	"resources/list":                   func() any { return new(sdk.ListResourcesParams) },
	"resources/templates/list":         func() any { return new(sdk.ListResourceTemplatesParams) },
	"resources/read":                   func() any { return new(sdk.ReadResourceParams) },
	"resources/subscribe":              func() any { return new(sdk.SubscribeParams) },
	"resources/unsubscribe":            func() any { return new(sdk.UnsubscribeParams) },
	"completion/complete":              func() any { return new(sdk.CompleteParams) },
	"logging/setLevel":                 func() any { return new(sdk.SetLoggingLevelParams) },
	"subscriptions/listen":             func() any { return new(sdk.SubscriptionsListenParams) },
	"notifications/initialized":        func() any { return new(sdk.InitializedParams) },
	"notifications/cancelled":          func() any { return new(sdk.CancelledParams) },
	"notifications/progress":           func() any { return new(sdk.ProgressNotificationParams) },
	"notifications/roots/list_changed": func() any { return new(sdk.RootsListChangedParams) },
}

// paramsRequired names, for each method whose params the protocol schema
// requires, what they must hold. The SDK answered a request of one of
// these without params (or with null) with Invalid Request, and
// initialize with error code 0, which is no JSON-RPC code at all; what is
// wrong is the params, so the edges answer Invalid Params naming them.
// Every other method may omit params or send null (ping,
// notifications/initialized, tools/list, ...).
var paramsRequired = map[string]string{
	"initialize":             "an object with protocolVersion, capabilities and clientInfo",
	"tools/call":             "an object with name (the tool) and arguments",
	"prompts/get":            "an object with name",
	"resources/read":         "an object with uri",
	"resources/subscribe":    "an object with uri",
	"resources/unsubscribe":  "an object with uri",
	"completion/complete":    "an object with ref and argument",
	"logging/setLevel":       "an object with level",
	"subscriptions/listen":   "an object with notifications",
	"notifications/progress": "an object with progressToken and progress",
}

// checkMessage checks the JSON types of one message's envelope members
// and of its params, returning the JSON-RPC error code and what is wrong,
// or 0 and "" when the SDK can decode it.
func checkMessage(raw stdjson.RawMessage) (int, string) {
	var m map[string]stdjson.RawMessage
	if err := stdjson.Unmarshal(raw, &m); err != nil {
		return codeInvalidRequest, "a message must be a JSON-RPC object, got " + kindOf(bytes.TrimSpace(raw))
	}
	if v, ok := m["jsonrpc"]; !ok || string(bytes.TrimSpace(v)) != `"2.0"` {
		return codeInvalidRequest, `jsonrpc: must be the string "2.0", got ` + valueOrKind(v, ok)
	}
	v, ok := m["method"]
	if !ok {
		// A response the client posts: only its error has a shape. One
		// with neither result nor error answers nothing: the SDK dropped
		// it, and a client that meant a request waited for ever.
		_, result := m["result"]
		_, failed := m["error"]
		if !result && !failed {
			return codeInvalidRequest, "a message needs a method (a request or notification), or a result or error (a response)"
		}
		if msg := checkFields("", raw, new(responseShape)); msg != "" {
			return codeInvalidRequest, msg
		}
		return 0, ""
	}
	if id, ok := m["id"]; ok && string(bytes.TrimSpace(id)) == "null" {
		// MCP forbids a null id; the SDK took such a request for a
		// notification over stdio and answered nothing.
		return codeInvalidRequest, "id: null is not an id: give a request a string or number id (a notification has no id member)"
	}
	var method string
	if stdjson.Unmarshal(v, &method) != nil {
		return codeInvalidRequest, "method: must be a string, got " + kindOf(bytes.TrimSpace(v))
	}
	params := bytes.TrimSpace(m["params"])
	if len(params) == 0 || string(params) == "null" {
		if need := paramsRequired[method]; need != "" {
			got := "none"
			if len(params) > 0 {
				got = "null"
			}
			return codeInvalidParams, "params: " + method + " requires params, " + need + "; got " + got
		}
		return 0, ""
	}
	if params[0] != '{' {
		return codeInvalidParams, "params: must be a JSON object, got " + kindOf(params)
	}
	if newParams, known := paramsOf[method]; known {
		if msg := checkFields("params", params, newParams()); msg != "" {
			return codeInvalidParams, msg
		}
	}
	return 0, ""
}

// responseShape is the shape the SDK decodes a response's error into.
type responseShape struct {
	Error *struct {
		Code    int64              `json:"code"`
		Message string             `json:"message"`
		Data    stdjson.RawMessage `json:"data"`
	} `json:"error"`
}

// checkFields decodes obj (the member root of a message, "" for the whole
// message) into dst as the SDK does and names the first member of the
// wrong JSON type; other decoding errors are left to the SDK.
func checkFields(root string, obj []byte, dst any) string {
	dec := sjson.NewDecoder(bytes.NewReader(obj))
	dec.DontMatchCaseInsensitiveStructFields()
	var te *stdjson.UnmarshalTypeError
	if err := dec.Decode(dst); !errors.As(err, &te) || te.Type == nil {
		return ""
	}
	path := root
	switch {
	case path == "":
		path = te.Field
	case te.Field != "":
		path += "." + te.Field
	}
	msg := path + ": must be " + jsonTypeOf(te.Type)
	if got, ok := lookup(obj, te.Field); ok {
		msg += ", got " + kindOf(got)
	}
	return msg
}

// jsonTypeOf names the JSON type a Go type is decoded from.
func jsonTypeOf(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return "an integer"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Slice, reflect.Array:
		return "an array"
	}
	return "a JSON object"
}

// lookup finds the member at a dotted path of object members.
func lookup(obj []byte, path string) ([]byte, bool) {
	cur := stdjson.RawMessage(obj)
	for _, name := range strings.Split(path, ".") {
		var m map[string]stdjson.RawMessage
		if name == "" || stdjson.Unmarshal(cur, &m) != nil {
			return nil, false
		}
		v, ok := m[name]
		if !ok {
			return nil, false
		}
		cur = v
	}
	return bytes.TrimSpace(cur), true
}

// kindOf names the JSON type of an encoded value.
func kindOf(v []byte) string {
	if len(v) == 0 {
		return "nothing"
	}
	switch v[0] {
	case '{':
		return "an object"
	case '[':
		return "an array"
	case '"':
		return "a string"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	}
	return "a number"
}

// valueOrKind shows a short string as itself (a wrong version tag), any
// other value by its type.
func valueOrKind(v []byte, present bool) string {
	v = bytes.TrimSpace(v)
	switch {
	case !present:
		return "no jsonrpc member"
	case len(v) > 0 && v[0] == '"' && len(v) <= 24:
		return string(v)
	}
	return kindOf(v)
}
