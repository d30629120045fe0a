package mcp

import (
	"bytes"
	"encoding/json"
	"strings"
)

// duplicateMember names the first member of a JSON-RPC message's envelope
// or params (at any depth) that is given twice, or "" when none is. The
// SDK reads a key given twice as its last copy; a gateway or log in front
// most likely reads the first, so a gateway that allows only
// search_memory would pass {"params":{…search…},"params":{…add…}} and the
// server would write. REST bodies and tool arguments refuse such keys
// already; a tool's arguments are left to the tool (parseArgs), whose
// tool error the model can act on. msg is valid JSON (checked before).
//
// The envelope and params are decoded into structs, so there two keys
// that differ only in case ("name" and "Name") are one member too: the SDK
// reads the exact spelling, encoding/json (a Go gateway) the last of
// either, so {"name":"add_memories","Name":"search_memory"} read as a
// search in front and ran as a write. Deeper objects (capabilities, _meta)
// are compared exactly.
func duplicateMember(msg []byte) string {
	return duplicateIn(msg, "")
}

func duplicateIn(obj []byte, path string) string {
	fold := path == "" || path == "params"
	dec := json.NewDecoder(bytes.NewReader(obj))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return ""
	}
	seen := map[string]bool{}
	for dec.More() {
		t, err := dec.Token()
		key, ok := t.(string)
		if err != nil || !ok {
			return ""
		}
		name := key
		if path != "" {
			name = path + "." + key
		}
		id := key
		if fold {
			id = strings.ToLower(key)
		}
		if seen[id] {
			return name
		}
		seen[id] = true
		var v json.RawMessage
		if dec.Decode(&v) != nil {
			return ""
		}
		if name == "params.arguments" {
			continue
		}
		if v = bytes.TrimSpace(v); len(v) > 0 && v[0] == '{' {
			if dup := duplicateIn(v, name); dup != "" {
				return dup
			}
		}
	}
	return ""
}
