package llm

import "github.com/memsvc/memsvc/text"

// everydayKinds are words people ask a personal memory about by their kind
// ("what pets do I have?", "how are my kids?", "which sports does she
// play?") while memories name the member ("User got a dog called
// Pepper"). WordNet does not link them: its dog is a canine and a domestic
// animal, never a pet, and a daughter is no kind of kid. Each kind links
// one way to its common members, as word forms: a query naming the kind
// also looks for them (and a memory holding one covers the kind), but a
// question about a dog does not reach every pet. The lists are small and
// general on purpose: members that are also everyday words of something
// else ("fish", "partner", "play", "reading") are left out, and so are
// the broad kinds: hobbies can be anything, and "family" is mostly said of
// whom one was with ("went to the lake with my family"), not to ask who
// they are (listing their members cost REALTALK dev recall 0.6654 → 0.6638
// and, with --ingest conversation, 0.6743 → 0.6732; the kinds here move
// neither dev set).
var everydayKinds = map[string]string{
	"pet pets":                "dog dogs puppy cat cats kitten hamster rabbit bunny parrot budgie goldfish turtle tortoise ferret",
	"kid kids child children": "son daughter",
	"sibling siblings":        "sister brother",
	"parent parents":          "mother father mom mum dad",
	"sport sports": "football soccer basketball tennis baseball hockey golf volleyball rugby cricket badminton " +
		"boxing skiing surfing cycling swimming climbing",
	"instrument instruments": "guitar piano violin cello drums flute saxophone trumpet ukulele",
}

// linkKinds adds each kind's members to the kind's word family, one way.
func (w *WordForms) linkKinds() {
	for kinds, members := range everydayKinds {
		for _, kind := range text.Tokens(kinds) {
			for _, member := range text.Tokens(members) {
				w.link(text.Stem(kind), text.Stem(member))
			}
		}
	}
}
