package extract

import (
	"strings"

	"github.com/memsvc/memsvc/text/lazyre"
)

// Users write in their own language. The built-in rules read English, so the commonest
// first-person statements of where one lives, where one works, a move and one's name,
// said in Spanish, German or French, are first written as the English statement they make
// ("Vivo en Sevilla" → "I live in Sevilla"). The name of the place or employer is kept as
// written. A word for "now" (ahora, jetzt, maintenant) marks the statement current, as "now" does.

// foreignName is a name as written in any script's capitals: "München", "Telefónica".
const foreignName = `(\p{Lu}[\p{L}\p{N}&.'-]*(?:\s+(?:de\s+|del\s+|la\s+|am\s+|an\s+der\s+)?\p{Lu}[\p{L}\p{N}&.'-]*)*)`

// foreignArticle is an article before the name, written in lower case ("bei der
// Stadtbibliothek", "en el Prado", "bei einem Verlag", "à l'Opéra"): a capital one is part of
// the name ("La Paz", "Den Haag").
const foreignArticle = `(?:(?:der|die|das|dem|den|einem|einer|eine|ein|el|la|los|las|un|una|le|les|une)\s+|l['’])?`

// foreignTown is the town said after the name ("bei einem Verlag in Dresden"), kept in
// the English as "in Dresden": which of two workplaces is meant can rest on it.
const foreignTown = `(?:\s+(?i:in|en|à)\s+` + foreignName + `)?`

// foreignStatement is one pattern of a statement in another language and the English it
// says, with $1 the name.
type foreignStatement struct {
	re      *lazyre.Regexp
	english string
	// forWhom marks a statement of whom one works for ("trabajo para", "arbeite für"):
	// a lone given name there is a person, no employer.
	forWhom bool
}

// foreignNowRe finds the words of other languages that mark a statement current.
var foreignNowRe = lazyre.New(`(?i)\b(?:ahora|ya|actualmente|jetzt|nun|inzwischen|mittlerweile|maintenant|désormais|actuellement|agora|atualmente)\b|今は|いまは|現在`)

// endedRe finds an English statement of something that ended, which a word for "now" in
// the words it was written from ("ya no tengo") does not make current.
var endedRe = lazyre.New(`\b(?:no longer|anymore)\b`)

// foreignStatements are the Spanish, Portuguese, German and French statements read: the words before the
// name, any case, then the name, then only what a statement goes on with (a time
// phrase, the verb a German clause ends on). A question or a wish opens otherwise.
var foreignStatements = []foreignStatement{
	{foreignRe(`(?:ahora |actualmente |ya )?(?:yo )?(?:vivo|resido) (?:ahora |actualmente )?en `, ``), "I live in $1", false},
	{foreignRe(`(?:ya )?(?:yo )?me (?:mudé|mude|he mudado|trasladé|traslade|he trasladado) (?:a|para) `, ``), "I moved to $1", false},
	{foreignRe(`(?:ahora |actualmente |ya )?(?:yo )?trabajo (?:ahora |actualmente )?en `, ``), "I work at $1", false},
	{foreignRe(`(?:ahora |actualmente |ya )?(?:yo )?trabajo (?:ahora |actualmente )?para `, ``), "I work at $1", true},
	{foreignRe(`(?:ya )?(?:nosotros )?nos (?:mudamos|hemos mudado|trasladamos|hemos trasladado) (?:a|para) `, ``), "we moved to $1", false},
	{foreignRe(`(?:ahora |actualmente |ya )?(?:nosotros )?vivimos (?:ahora |actualmente )?en `, ``), "we live in $1", false},
	{foreignRe(`(?:yo )?me llamo `, ``), "my name is $1", false},
	{foreignRe(`(?:jetzt |nun )?(?:ich )?(?:wohne|lebe)(?: jetzt| nun| inzwischen| mittlerweile)? in `, ``), "I live in $1", false},
	{foreignRe(`ich bin(?: jetzt| nun| inzwischen| mittlerweile)?(?: \S+){0,3}? nach `, `(?i: (?:umgezogen|gezogen))`), "I moved to $1", false},
	{foreignRe(`(?:jetzt |nun )?(?:ich )?arbeite(?: jetzt| nun| inzwischen| mittlerweile)? bei `, ``), "I work at $1", false},
	{foreignRe(`(?:jetzt |nun )?(?:ich )?arbeite(?: jetzt| nun| inzwischen| mittlerweile)? für `, ``), "I work at $1", true},
	{foreignRe(`(?:jetzt |nun )?wir (?:wohnen|leben)(?: jetzt| nun| inzwischen| mittlerweile)? in `, ``), "we live in $1", false},
	{foreignRe(`wir sind(?: jetzt| nun| inzwischen| mittlerweile)?(?: \S+){0,3}? nach `, `(?i: (?:umgezogen|gezogen))`), "we moved to $1", false},
	{foreignRe(`ich heiße `, ``), "my name is $1", false},
	{foreignRe(`(?:maintenant,? |désormais,? |actuellement,? )?(?:j['’]habite|je vis|je réside|je reside)(?: maintenant| désormais| actuellement)? (?:à|a|au|aux|en) `, ``), "I live in $1", false},
	{foreignRe(`(?:j['’]ai déménagé|j['’]ai demenage|je viens de déménager|je viens de demenager|je me suis installée?) (?:à|a|au|aux|en) `, ``), "I moved to $1", false},
	{foreignRe(`(?:maintenant,? |désormais,? |actuellement,? )?je travaille(?: maintenant| désormais| actuellement)? (?:chez|à|a) `, ``), "I work at $1", false},
	{foreignRe(`je travaille(?: maintenant| désormais| actuellement)? pour `, ``), "I work at $1", true},
	{foreignRe(`(?:nous habitons|nous vivons|on habite|on vit)(?: maintenant| désormais| actuellement)? (?:à|a|au|aux|en) `, ``), "we live in $1", false},
	{foreignRe(`(?:nous avons déménagé|nous avons demenage|on a déménagé|on a demenage|nous nous sommes installés|nous nous sommes installées) (?:à|a|au|aux|en) `, ``), "we moved to $1", false},
	{foreignRe(`je m['’]appelle `, ``), "my name is $1", false},
	// Portuguese: the preposition and article are one word ("na Embraer", "no Porto").
	{foreignRe(`(?:agora |atualmente )?(?:eu )?(?:moro|vivo) (?:agora |atualmente )?(?:em|no|na) `, ``), "I live in $1", false},
	{foreignRe(`(?:eu )?me mudei (?:para|pra) (?:o |a )?`, ``), "I moved to $1", false},
	{foreignRe(`(?:agora |atualmente )?(?:eu )?trabalho (?:agora |atualmente )?(?:em|no|na) `, ``), "I work at $1", false},
	{foreignRe(`(?:agora |atualmente )?(?:eu )?trabalho (?:agora |atualmente )?para (?:o |a )?`, ``), "I work at $1", true},
	// A German job is said as a bare capitalised noun ("Ich bin Lehrer"); a lone given name
	// there is whom one is.
	{lazyre.New(`^(?i:(?:jetzt |nun )?ich bin(?: jetzt| nun| inzwischen| mittlerweile)? )(\p{Lu}\p{Ll}+)(?i: jetzt| nun| inzwischen| mittlerweile)?$`), "I work as a $1", true},
	// A workplace named by a common noun after its article ("Trabajo en un banco",
	// "Ahora trabajo en una escuela"): the kind of place one works at.
	{lazyre.New(`^(?i:(?:ahora |actualmente |ya )?(?:yo )?trabajo (?:ahora |actualmente )?en (?:un|una) )(\p{Ll}+)$`), "I work at a $1", false},
	// A thing had, one word after its article ("Tengo un perro"); no longer had with or
	// without it ("Ya no tengo perro").
	{lazyre.New(`^(?i:(?:yo )?tengo (?:un|una) )(\p{Ll}+)$`), "I have a $1", false},
	{lazyre.New(`^(?i:ya no tengo (?:un |una )?)(\p{Ll}+)$`), "I no longer have a $1", false},
	// Smoking, the habit most often given up, in each language: its verb is not English.
	{lazyre.New(`^(?i:ich rauche|(?:yo )?fumo|je fume)$`), "I smoke", false},
	{lazyre.New(`^(?i:ich rauche nicht mehr|je ne fume plus)$`), "I don't smoke anymore", false},
	{japaneseRe(`(?:今は|いまは|現在は?)?`, `に住んでいます`), "I live in $1", false},
	{japaneseRe(``, `に引っ越しました`), "I moved to $1", false},
}

// foreignRe builds a statement's pattern: lead (any case), the name after any article and
// with any town after it, then tail (which
// must follow the name when given), then anything that is not a clause of its own.
func foreignRe(lead, tail string) *lazyre.Regexp {
	return lazyre.New(`^(?i:` + lead + `)` + foreignArticle + foreignName + foreignTown + tail + `(?:[\s,][^?]*)?$`)
}

// japaneseName is a place written in kanji or katakana: "京都", "ニューヨーク".
const japaneseName = `([\p{Han}\p{Katakana}][\p{Han}\p{Katakana}ー]*)`

// japaneseRe builds a Japanese statement's pattern, which names the place before its verb:
// an optional "I" (私は, 僕は), lead, the place, then verb and nothing more than a full stop.
func japaneseRe(lead, verb string) *lazyre.Regexp {
	return lazyre.New(`^(?:(?:私|僕|俺|わたし)は)?` + lead + japaneseName + verb + `[。！]?$`)
}

// foreignNotRe opens a Spanish statement said in the negative: "Ya no vivo en Madrid" (no
// longer), "No tengo un coche" (not). Group 1 is "ya no" or "no", group 2 the statement.
var foreignNotRe = lazyre.New(`^(?i:(ya no|no)\s+)(.+)$`)

// negatableRe finds the English statements a negation is written into: where one lives or
// works, what one has or does as a habit.
var negatableRe = lazyre.New(`^(I|we) (live|work|have|smoke)\b`)

// foreignNegated writes a Spanish statement said in the negative as the English one
// ("I no longer live in Madrid"), or returns "" when the clause is no such statement.
// stripLead would otherwise take "ya no" for a chat lead-in and leave the opposite.
func foreignNegated(clause string) string {
	m := foreignNotRe.FindStringSubmatch(strings.TrimRight(strings.TrimSpace(clause), " .!"))
	if m == nil {
		return ""
	}
	out := inEnglish(m[2])
	if out == m[2] || !negatableRe.MatchString(out) {
		return ""
	}
	out = strings.TrimSuffix(out, " now")
	if strings.EqualFold(m[1], "no") {
		return negatableRe.ReplaceAllString(out, "$1 don't $2")
	}
	return negatableRe.ReplaceAllString(out, "$1 no longer $2")
}

// saidForeignNegative reports a Spanish statement said in the negative ("Ya no tengo
// perro"), whose "ya no" is no chat lead-in to strip.
func saidForeignNegative(s string) bool {
	return foreignNotRe.MatchString(s) && inEnglish(s) != s
}

// inEnglish writes a Spanish, German or French statement of foreignStatements as the English
// statement it makes, or returns the clause as it is.
func inEnglish(clause string) string {
	if neg := foreignNegated(clause); neg != "" {
		return neg
	}
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
		if len(loc) > 4 && loc[4] >= 0 {
			out += " in " + c[loc[4]:loc[5]]
		}
		if foreignNowRe.MatchString(c) && !endedRe.MatchString(out) { // "ya no": no longer, not now
			out += " now"
		}
		return out
	}
	return clause
}

// foreignJointRe finds where a sentence in another language may join two statements: a
// comma or the word for "and" ("…, ahora vivo en Valencia", "… und arbeite jetzt bei …").
var foreignJointRe = lazyre.New(`,\s+|[、。！]|\s+(?:y|e|und|et)\s+`)

// splitForeign splits a sentence in another language at its joints when one of its parts
// is a statement foreignStatements read: the English joints (clauseSplitRe) look for an
// English subject and find none in "Nos mudamos a Valencia, ahora vivo en Valencia". A
// sentence with no such part is returned whole.
func splitForeign(s string) []string {
	locs := foreignJointRe.FindAllStringIndex(s, -1)
	if len(locs) == 0 {
		return []string{s}
	}
	parts := make([]string, 0, len(locs)+1)
	from, read := 0, false
	for _, loc := range append(locs, []int{len(s), len(s)}) {
		part := s[from:loc[0]]
		read = read || inEnglish(part) != part
		parts = append(parts, part)
		from = loc[1]
	}
	if !read {
		return []string{s}
	}
	return parts
}
