package mcp

import (
	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/jsoncheck"
)

// duplicateMember says which member of a JSON-RPC message's envelope or
// params (at any depth) is given twice, as "<path>: given twice …", or ""
// when none is. The SDK reads a key given twice as its last copy; a
// gateway or log in front most likely reads the first, so a gateway that
// allows only search_memory would pass {"params":{…search…},"params":{…add…}}
// and the server would write. REST bodies and tool arguments refuse such
// keys already; a tool's arguments are left to the tool (parseArgs), whose
// tool error the model can act on.
//
// The envelope and params are decoded into structs, so there two keys
// that encoding/json (a Go gateway) matches to one field are one member
// too: "name" and "Name", "params" and "paramſ" (U+017F). The SDK reads
// the exact spelling, a Go gateway the last of either, so
// {"name":"add_memories","Name":"search_memory"} read as a search in front
// and ran as a write. Deeper objects (capabilities, _meta) are compared
// exactly. One pass over the message, however deep it nests.
func duplicateMember(msg []byte) string {
	if err := jsoncheck.Duplicates(msg, foldedMembers, toolArguments); err != nil {
		return engine.ErrorMessage(err)
	}
	return ""
}

var (
	foldedMembers = []string{"", "params"}
	toolArguments = []string{"params.arguments"}
)
