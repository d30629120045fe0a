package extract

import (
	"regexp"
	"strings"
)

// Users write in their own language. The built-in rules read English, so the commonest
// first-person statements of where one lives, where one works, a move and one's name,
// said in Spanish, German or French, are first written as the English statement they make
// ("Vivo en Sevilla" → "I live in Sevilla"). The name of the place or employer is kept as
// written. A word for "now" (ahora, jetzt, maintenant) marks the statement current, as "now" does.

// foreignName is a name as written in any script's capitals: "München", "Telefónica".
const foreignName = `(\p{Lu}[\p{L}\p{N}&.'-]*(?:\s+(?:de\s+|del\s+|la\s+|am\s+|an\s+der\s+)?\p{Lu}[\p{L}\p{N}&.'-]*)*)`

// foreignStatement is one pattern of a statement in another language and the English it
// says, with $1 the name.
type foreignStatement struct {
	re      *regexp.Regexp
	english string
	// forWhom marks a statement of whom one works for ("trabajo para", "arbeite für"):
	// a lone given name there is a person, no employer.
	forWhom bool
}

// foreignNowRe finds the words of other languages that mark a statement current.
var foreignNowRe = regexp.MustCompile(`(?i)\b(?:ahora|ya|actualmente|jetzt|nun|inzwischen|mittlerweile|maintenant|désormais|actuellement)\b`)

// foreignStatements are the Spanish, German and French statements read: the words before the
// name, any case, then the name, then only what a statement goes on with (a time
// phrase, the verb a German clause ends on). A question or a wish opens otherwise.
var foreignStatements = []foreignStatement{
	{foreignRe(`(?:ahora |actualmente |ya )?(?:yo )?(?:vivo|resido) (?:ahora |actualmente )?en `, ``), "I live in $1", false},
	{foreignRe(`(?:ya )?(?:yo )?me (?:mudé|mude|he mudado|trasladé|traslade|he trasladado) (?:a|para) `, ``), "I moved to $1", false},
	{foreignRe(`(?:ahora |actualmente |ya )?(?:yo )?trabajo (?:ahora |actualmente )?en `, ``), "I work at $1", false},
	{foreignRe(`(?:ahora |actualmente |ya )?(?:yo )?trabajo (?:ahora |actualmente )?para `, ``), "I work at $1", true},
	{foreignRe(`(?:yo )?me llamo `, ``), "my name is $1", false},
	{foreignRe(`(?:jetzt |nun )?(?:ich )?(?:wohne|lebe)(?: jetzt| nun| inzwischen| mittlerweile)? in `, ``), "I live in $1", false},
	{foreignRe(`ich bin(?: jetzt| nun| inzwischen| mittlerweile)?(?: \S+){0,3}? nach `, `(?i: (?:umgezogen|gezogen))`), "I moved to $1", false},
	{foreignRe(`(?:jetzt |nun )?(?:ich )?arbeite(?: jetzt| nun| inzwischen| mittlerweile)? bei `, ``), "I work at $1", false},
	{foreignRe(`(?:jetzt |nun )?(?:ich )?arbeite(?: jetzt| nun| inzwischen| mittlerweile)? für `, ``), "I work at $1", true},
	{foreignRe(`ich heiße `, ``), "my name is $1", false},
	{foreignRe(`(?:j['’]habite|je vis|je réside|je reside)(?: maintenant| désormais| actuellement)? (?:à|a|au|aux|en) `, ``), "I live in $1", false},
	{foreignRe(`(?:j['’]ai déménagé|j['’]ai demenage|je me suis installée?) (?:à|a|au|aux|en) `, ``), "I moved to $1", false},
	{foreignRe(`je travaille(?: maintenant| désormais| actuellement)? (?:chez|à|a) `, ``), "I work at $1", false},
	{foreignRe(`je travaille(?: maintenant| désormais| actuellement)? pour `, ``), "I work at $1", true},
	{foreignRe(`je m['’]appelle `, ``), "my name is $1", false},
}

// foreignRe builds a statement's pattern: lead (any case), the name, then tail (which
// must follow the name when given), then anything that is not a clause of its own.
func foreignRe(lead, tail string) *regexp.Regexp {
	return regexp.MustCompile(`^(?i:` + lead + `)` + foreignName + tail + `(?:[\s,][^?]*)?$`)
}

// inEnglish writes a Spanish, German or French statement of foreignStatements as the English
// statement it makes, or returns the clause as it is.
func inEnglish(clause string) string {
	c := strings.TrimRight(strings.TrimSpace(clause), " .!")
	for _, s := range foreignStatements {
		loc := s.re.FindStringSubmatchIndex(c)
		if loc == nil {
			continue
		}
		if s.forWhom && givenNames[strings.ToLower(c[loc[2]:loc[3]])] {
			return clause // "Ich arbeite für Anna": whom one works for
		}
		out := string(s.re.ExpandString(nil, s.english, c, loc))
		if foreignNowRe.MatchString(c) {
			out += " now"
		}
		return out
	}
	return clause
}
