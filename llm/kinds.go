package llm

import (
	"github.com/memsvc/memsvc/text"
)

// everydayKinds are words people ask a personal memory about by their kind
// ("what pets do I have?", "how are my kids?", "which sports does she
// play?") while memories name the member ("User got a dog called
// Pepper"). WordNet does not link them: its dog is a canine and a domestic
// animal, never a pet, and a daughter is no kind of kid. Each kind lists
// its common members, one way: a search naming a kind no memory names also
// looks for them, and a memory naming one covers the kind for the
// relevance score (index.QueryTerm.Members), but a question about a dog
// does not reach every pet.
//
// The lists are small and general on purpose: members that are also everyday words of something
// else ("fish", "partner", "play", "reading") are left out, and so are
// the broad kinds: hobbies can be anything, and "family" is mostly said of
// whom one was with ("went to the lake with my family"), not to ask who
// they are (listing their members cost REALTALK dev recall 0.6654 → 0.6638
// and, with --ingest conversation, 0.6743 → 0.6732; the kinds here move
// neither dev set). The weekend and the weekdays are kinds of days: "who
// works this weekend?" is answered by "Noor works Saturdays" (sixth prompt
// set 15 → 16 of 25 found; no dev figure moves). Languages are spoken
// and programming ones alike, without the names that are also words or
// given names ("go", "swift", "ruby"); the software tools' jobs are in
// toolkinds.go.
var everydayKinds = map[string]string{
	"pet pets":                "dog dogs puppy cat cats kitten hamster rabbit bunny parrot budgie goldfish turtle tortoise ferret",
	"kid kids child children": "son daughter",
	"sibling siblings":        "sister brother",
	"parent parents":          "mother father mom mum dad",
	"sport sports": "football soccer basketball tennis baseball hockey golf volleyball rugby cricket badminton " +
		"boxing skiing surfing cycling swimming climbing",
	"weekend weekends":       "saturday sunday",
	"weekday weekdays":       "monday tuesday wednesday thursday friday",
	"instrument instruments": "guitar piano violin cello drums flute saxophone trumpet ukulele",
	"language languages": "english spanish french german italian portuguese dutch swedish polish russian " +
		"greek turkish arabic hebrew hindi japanese chinese mandarin cantonese korean vietnamese " +
		"python javascript typescript java kotlin golang rust elixir haskell scala php perl",
}

// linkKinds records each kind's members, everyday and software (toolkinds.go).
func (w *WordForms) linkKinds() {
	for kinds, members := range everydayKinds {
		for _, kind := range text.Tokens(kinds) {
			w.addMembers(text.Stem(kind), text.Tokens(members))
		}
	}
	w.linkToolKinds()
}
