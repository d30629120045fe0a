package mcp

import (
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// TestDuplicateMemberFoldsAsEncodingJSON: the envelope and params keys were
// compared lower-cased, but encoding/json (a Go gateway in front) matches a
// struct's field names by Unicode simple folding, so "paramſ" (U+017F, long
// s) is its params and "\u212a" (Kelvin) its k. Such a twin walked past the
// check: the SDK ran the params it reads exactly, the gateway read the
// other. Keys deeper in params are compared exactly, and a tool's
// arguments are the tool's to check.
func TestDuplicateMemberFoldsAsEncodingJSON(t *testing.T) {
	call := func(tool string) string { return `{"name":"` + tool + `","arguments":{}}` }
	for _, tc := range []struct{ name, msg, want string }{
		{"long s twin of params", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":` + call("add_memories") +
			`,"param\u017f":` + call("search_memory") + `}`, "paramſ"},
		{"literal long s", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":` + call("add_memories") +
			`,"paramſ":` + call("search_memory") + `}`, "paramſ"},
		{"upper case twin", `{"jsonrpc":"2.0","id":1,"method":"tools/call","PARAMS":` + call("add_memories") +
			`,"params":` + call("search_memory") + `}`, "params"},
		{"kelvin twin in params", `{"jsonrpc":"2.0","id":1,"method":"x/y","params":{"task":1,"tas\u212a":2}}`, "params.tas\u212a"},
		{"exact twin deeper", `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"_meta":{"a":{"b":1,"b":2}}}}`, "params._meta.a.b"},
		{"twin in an array", `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"_meta":{"l":[{},{"b":1,"b":2}]}}}`, "params._meta.l[1].b"},
		{"case differs deeper", `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"_meta":{"k":1,"K":2,"\u212a":3}}}`, ""},
		{"arguments are the tool's", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"add_memories",` +
			`"arguments":{"memories":["a"],"memories":["b"]}}}`, ""},
		{"arguments' objects too", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"add_memories",` +
			`"arguments":{"m":{"a":1,"a":2}}}}`, ""},
		{"once each", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":` + call("search_memory") + `}`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, msg := checkPayload([]byte(tc.msg))
			switch {
			case tc.want == "" && strings.Contains(msg, "twice"):
				t.Errorf("refused: %s", msg)
			case tc.want != "" && !strings.HasPrefix(msg, tc.want+": given twice"):
				t.Errorf("checkPayload = %q, want a refusal naming %s", msg, tc.want)
			}
		})
	}
}

// nestedMeta is a tools/call message whose params._meta nests depth
// objects, each holding a pad-byte string beside the next.
func nestedMeta(depth, pad int) []byte {
	s := `"` + strings.Repeat("x", pad) + `"`
	var b strings.Builder
	b.WriteString(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search_memory","_meta":`)
	for i := 0; i < depth; i++ {
		b.WriteString(`{"s":` + s + `,"n":`)
	}
	b.WriteString(`{}`)
	b.WriteString(strings.Repeat("}", depth))
	b.WriteString(`,"arguments":{"query":"q"}}}`)
	return []byte(b.String())
}

// TestDuplicateMemberCostIsLinear: the check decoded each nested object
// and again each one inside it, so a 500 KB message of nested objects cost
// seconds of CPU and hundreds of megabytes of copies before anything
// refused it. What checking a message allocates is now bounded by a small
// multiple of its size (allocation, unlike time, does not depend on the
// machine's load; BenchmarkDuplicateMemberNested measures the time).
func TestDuplicateMemberCostIsLinear(t *testing.T) {
	msg := nestedMeta(990, 500)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	duplicateMember(msg)
	runtime.ReadMemStats(&after)
	if got := after.TotalAlloc - before.TotalAlloc; got > uint64(4*len(msg)) {
		t.Errorf("checking a %d-byte message allocated %d bytes; want at most %d", len(msg), got, 4*len(msg))
	}
}

// BenchmarkDuplicateMemberNested: the time to look for a key given twice
// grows with a message's size, not with its size times its depth: ns/byte
// stays flat from depth 10 to 8000. (checkPayload refuses a message nested
// deeper than maxMessageDepth before it looks; this is the cost of the
// scan itself.)
func BenchmarkDuplicateMemberNested(b *testing.B) {
	for _, depth := range []int{10, 100, 1000, 8000} {
		msg := nestedMeta(depth, 64)
		b.Run("depth="+strconv.Itoa(depth), func(b *testing.B) {
			b.SetBytes(int64(len(msg)))
			for b.Loop() {
				duplicateMember(msg)
			}
		})
	}
}

// BenchmarkCheckPayloadDeepest: all of checkPayload on a 1 MiB message at
// the deepest nesting it accepts, the SDK's decoder included.
func BenchmarkCheckPayloadDeepest(b *testing.B) {
	depth := maxMessageDepth - 4 // the envelope, params, the innermost {} and one to spare
	msg := nestedMeta(depth, 1<<20/depth)
	b.SetBytes(int64(len(msg)))
	for b.Loop() {
		if _, refusal := checkPayload(msg); refusal != "" {
			b.Fatal(refusal)
		}
	}
}
