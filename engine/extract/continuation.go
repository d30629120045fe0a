package extract

import (
	"strings"

	"github.com/memsvc/memsvc/text/lazyre"
)

// A first message introduces the speaker in a run of comma-joined pieces, the later ones
// without a verb: "im a nurse at the general, night shifts mostly, two kids and a dog".
// Left glued to the clause before, the pieces become part of its value ("works at the
// general, night shifts mostly") or, alone, a fragment with no subject. Two kinds read
// plainly as the speaker's: a schedule after a statement of their job ("I work …") and
// a count of children or pets ("I have …").

// jobOpenRe opens a statement of the speaker's job: "im a nurse", "i drive a bus",
// "i teach year 9", "i work from home".
var jobOpenRe = lazyre.New(`(?i)^(?:(?:i'm|im|i am)\s+(?:a|an)\s+\S|i\s+(?:work|drive|teach|nurse)\b)`)

// scheduleRe is a verbless schedule: "night shifts mostly", "weekends mostly", "early
// shifts usually", "3 days a week".
var scheduleRe = lazyre.New(`(?i)^(?:(?:mostly|usually|mainly|always|only)\s+)?(?:(?:\d+|two|three|four|five|six)\s+(?:days|nights|shifts)\s+a\s+week|(?:(?:early|late|night|day|evening|morning|weekend|double|long|\d+-hour)\s+)?(?:shifts|nights|weekends|evenings|mornings))(?:\s+(?:mostly|usually|mainly|only))?$`)

// keptCountRe is a verbless count of the speaker's children or pets: "two kids and a dog",
// "a very lazy cat", "3 kids under 10"; "two kids keep me busy" has a verb after it.
var keptCountRe = lazyre.New(`(?i)^(?:and\s+)?(?:a|an|one|two|three|four|five|six|\d+)\s+(?:[a-z-]+\s+){0,2}?(?:kids?|children|child|sons?|daughters?|boys|girls|grandkids|grandchildren|cats?|dogs?|kittens?|puppies|puppy)(?:\s+(?:and|under|over|aged)\b.*)?$`)

// withContinuations rewrites the verbless pieces of a first-person sentence that say a
// schedule or a count into statements of their own: "im a nurse, night shifts mostly,
// two kids" → "im a nurse; I work night shifts mostly; I have two kids". Pieces of any
// other kind stay as they were.
func withContinuations(s string) string {
	if !firstSubjRe.MatchString(s) && !jobOpenRe.MatchString(s) {
		return s
	}
	pieces := strings.Split(s, ", ")
	if len(pieces) < 2 {
		return s
	}
	job := jobOpenRe.MatchString(pieces[0])
	var b strings.Builder
	b.WriteString(pieces[0])
	for _, p := range pieces[1:] {
		bare := strings.TrimRight(p, " .!")
		switch {
		case nowActivity(bare):
			b.WriteString("; I'm " + p)
		case hasVerb(lowerWords(bare)):
			b.WriteString(", " + p)
		case job && scheduleRe.MatchString(bare):
			b.WriteString("; I work " + p)
		case keptCountRe.MatchString(bare):
			b.WriteString("; I have " + strings.TrimPrefix(p, "and "))
		default:
			b.WriteString(", " + p)
		}
	}
	return b.String()
}

// nowActivityRe is a piece that says what the speaker is doing now, with no subject:
// "going freelance now", "working from home these days". Group 1 is its "-ing" verb.
var nowActivityRe = lazyre.New(`(?i)^(?:(?:now|currently)\s+)?([a-z]{2,}ing)\b.*\b(?:now|these days|nowadays|currently|at the moment)$`)

// nowActivity reports a verbless "-ing" piece after a comma that says what the speaker
// does now ("I quit my job at the bank, going freelance now"): a statement of its own,
// not part of the clause before.
func nowActivity(piece string) bool {
	m := nowActivityRe.FindStringSubmatch(piece)
	if m == nil || activityless[strings.ToLower(m[1])] {
		return false
	}
	_, rest, _ := strings.Cut(piece, " ")
	return !hasFinite(strings.Fields(rest))
}
