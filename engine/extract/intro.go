package extract

import (
	"strings"

	"github.com/memsvc/memsvc/text/lazyre"
)

// A speaker introduces themself in chat without "my name is": with a full name ("hi, I am
// Sofia Alvarez"), with the name others call them ("everyone calls me Bea"), or in one
// breath with their age and job ("I'm Jo, 41, a teacher"). Each is rewritten into the
// statements the templates already know, so the name is a name fact and each of name,
// age and job is a fact of its own, as when said alone.

// fullNameRe is "I am" before two or three capitalised words: "I am Sofia Alvarez", "I'm
// Mary-Jo de Vries" is left alone (a lower-case particle). Group 1 is the name.
var fullNameRe = lazyre.New(`^(?:I'm|I am|i'm|i am)\s+([A-Z][a-z]+(?:-[A-Z][a-z]+)?(?:\s+[A-Z][a-z']+(?:-[A-Z][a-z]+)?){1,2})$`)

// calledByRe is the name others call the speaker: "everyone calls me Bea", "my friends
// call me Bea". Group 1 is the name, written with a capital ("they call me crazy" is no name).
var calledByRe = lazyre.New(`^(?i:everyone|everybody|people|most people|folks|friends|my friends|all my friends|my family|they|you can)\s+(?i:calls?|call)\s+(?i:me)\s+([A-Z][a-z]+(?:-[A-Z][a-z]+)?)$`)

// asNameStatement rewrites a clause that gives the speaker's name without "my name is"
// into that form: "I am Sofia Alvarez" → "my name is Sofia Alvarez".
func asNameStatement(clause string) string {
	c := strings.TrimRight(clause, " .!")
	if m := calledByRe.FindStringSubmatch(c); m != nil {
		return "my name is " + m[1]
	}
	m := fullNameRe.FindStringSubmatch(c)
	if m == nil {
		return clause
	}
	for _, w := range strings.Fields(strings.ToLower(m[1])) {
		if nationalities[w] || jobWords[w] || calendarWords[w] {
			return clause // "I'm British Airways crew", "I am Head Chef": no name
		}
	}
	return "my name is " + m[1]
}

// selfListRe opens an introduction that lists what the speaker is after one "I'm": "I'm
// Jo, 41, a teacher". Group 1 is the subject and verb, 2 the list.
var selfListRe = lazyre.New(`(?i)^(i'm|i am|im)\s+([^,]+(?:,\s+[^,]+)+?),?$`)

// selfListAgeRe is an age said alone in such a list: "41", "41 years old".
var selfListAgeRe = lazyre.New(`(?i)^\d{1,3}(?:\s+(?:years old|yrs old|yo))?$`)

// selfListNameRe is a name said alone in such a list: "Jo".
var selfListNameRe = lazyre.New(`^[A-Z][a-z]+(?:-[A-Z][a-z]+)?$`)

// splitSelfList splits "I'm Jo, 41, a teacher" into "I'm Jo", "I'm 41" and "I'm a
// teacher" when every piece is a name, an age or "a"/"an" before a noun phrase, and one
// is a name or an age (a list of what the speaker is alone, "I'm 29, a developer", is
// splitApposition's). Anything else in the list leaves the clause whole.
func splitSelfList(s string) []string {
	m := selfListRe.FindStringSubmatch(strings.TrimRight(s, " .!"))
	if m == nil {
		return nil
	}
	pieces := strings.Split(m[2], ",")
	nameOrAge := 0
	for i, p := range pieces {
		p = strings.TrimPrefix(strings.TrimSpace(p), "and ")
		pieces[i] = p
		w := lowerWords(p)
		switch {
		case selfListAgeRe.MatchString(p) || i == 0 && selfListNameRe.MatchString(p) && !nationalities[strings.ToLower(p)] && !jobWords[strings.ToLower(p)]:
			nameOrAge++
		case len(w) >= 2 && len(w) <= 4 && (w[0] == "a" || w[0] == "an") && !finiteIn(w[1:]):
		case i == 0 && len(w) == 1 && nationalities[w[0]]: // "I'm Spanish, 30, a chef"
		default:
			return nil
		}
	}
	if nameOrAge == 0 || len(pieces) < 2 {
		return nil
	}
	out := make([]string, len(pieces))
	for i, p := range pieces {
		out[i] = m[1] + " " + p
	}
	return out
}
