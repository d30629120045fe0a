package store

// Key layout. Every per-user key starts with a one-byte kind, then the user
// id, then a 0x00 separator; user ids never contain 0x00 (the engine
// validates them), so one user's keys can never prefix another's.
//
//	m <user> 0 <id>                      memory record (JSON)
//	v <user> 0 <id>                      embedding (little-endian float32s)
//	n <user> 0 <id>                      meaning vector: float32 scale, then int8s (EncodeMeaning); derived, refilled when absent
//	f <user> 0 <id>                      forward index: the memory's distinct terms, so a delete removes exactly its postings
//	t <user> 0 <term> 0 <id>             posting: uvarint tf, uvarint doclen
//	d <user> 0 <collection> 0 <id>       JSON documents of other kinds (skills, entities, jobs, capture queue)
//	u <collection> 0 <user>              marks that user has documents in collection (value empty)
//	x <user> 0                           the user's write version: uvarint, bumped by every Update
//	c <user> 0 <id>                      last change of a memory: uvarint version, then 1 for a tombstone or 0 (ids only, no content)
//	j <queue> 0 <user> 0 <id>            a leased background job (JSON: user, payload, enqueued, claim, lease)
//	b <sha256> 0 <user> 0 <id>           memory id of user names image blob sha256 (value empty; blobrefs.go)
//	g <name>                             store-wide settings (embedding model), not per user
const (
	kindMemory  = 'm'
	kindVector  = 'v'
	kindMeaning = 'n'
	kindForward = 'f'
	kindPosting = 't'
	kindDoc     = 'd'
	kindUsers   = 'u'
	kindGlobal  = 'g'
	kindVersion = 'x'
	kindChange  = 'c'
	kindJob     = 'j'
	kindBlobRef = 'b'
)

func userPrefix(kind byte, user string) []byte {
	k := make([]byte, 0, 2+len(user)+32)
	k = append(k, kind)
	k = append(k, user...)
	return append(k, 0)
}

func memoryKey(user, id string) []byte  { return append(userPrefix(kindMemory, user), id...) }
func vectorKey(user, id string) []byte  { return append(userPrefix(kindVector, user), id...) }
func meaningKey(user, id string) []byte { return append(userPrefix(kindMeaning, user), id...) }
func forwardKey(user, id string) []byte { return append(userPrefix(kindForward, user), id...) }

func postingPrefix(user, term string) []byte {
	return append(append(userPrefix(kindPosting, user), term...), 0)
}

func postingKey(user, term, id string) []byte { return append(postingPrefix(user, term), id...) }

func docPrefix(user, collection string) []byte {
	return append(append(userPrefix(kindDoc, user), collection...), 0)
}

func docKey(user, collection, id string) []byte { return append(docPrefix(user, collection), id...) }

func usersKey(collection, user string) []byte {
	k := append([]byte{kindUsers}, collection...)
	return append(append(k, 0), user...)
}

func changeKey(user, id string) []byte { return append(userPrefix(kindChange, user), id...) }

func globalKey(name string) []byte { return append([]byte{kindGlobal}, name...) }
