package extract

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/memsvc/memsvc/text"
	"github.com/memsvc/memsvc/text/lazyre"
)

// Splitting a sentence into statements that do not start with "I" or "we": a second statement
// with its own noun-phrase subject, a second instruction, and a second verb of a noun-phrase
// subject. First-person joints are clauseSplitRe's (text.go).

var (
	// jointRe finds where a sentence may join two statements: a comma or a conjunction.
	jointRe = lazyre.New(`(?i),\s+(?:and\s+|but\s+|while\s+)?|\s+(?:and|but|while|whereas)\s+`)
	// imperativeStartRe starts a second instruction: "…, never commit that file", "… and avoid naked returns".
	// One ^ before the alternation: with a ^ in each branch the matcher does not know the
	// pattern is anchored and runs it through the whole rest of the clause at every joint.
	imperativeStartRe = lazyre.New(`(?i)^(?:(?:always|never|don't|do not|please)\s+\w|(?:avoid|prefer|use|keep|run|write|add|put|stick)\s+\w)`)
	// reasonJointRe finds a reason clause: kept with a decision ("we went with gRPC since we need streaming").
	subordinateRe = lazyre.New(`(?i)^(?:if|when|whenever|before|after|once|unless|until|every time|each time|to [a-z]+|by default|from now on|going forward)\b`)
	reasonJointRe = lazyre.New(`(?i)^,?\s*(?:because|since|as)\b`)
)

// splitStatements splits a clause at a joint followed by a statement with its own subject and
// verb ("…, and CI is pinned to Node 20"; "… and basic auth creds are in 1Password") or by a
// second instruction ("…, never commit that file"). First-person joints are clauseSplitRe's.
//
// The clause is scanned into words once, and the words on either side of a joint are slices of
// them (a joint is whitespace or a comma, so no word straddles it): scanning each side again at
// every joint made a long run-on clause ("Alice and Alice and …", ", , , …") quadratic.
func splitStatements(s string) []string {
	toks := text.Scan(s, text.Options{Apostrophe: text.KeepApostrophe})
	words := text.Words(toks)
	var out []string
	from, first := 0, 0 // first: the first word at or after from
	verb := verbScan{}  // whether words[first:] has a verb, as far as it was read
	next := 0           // the first word after the current joint
	for _, loc := range jointRe.FindAllStringIndex(s, -1) {
		if loc[0] <= from || insideParens(s[from:loc[0]]) {
			continue // "The carrier APIs (DHL, UPS) are wrapped …" is one statement
		}
		end := next // the first word at or after the joint's start
		for end < len(toks) && toks[end].Start < loc[0] {
			end++
		}
		for next = end; next < len(toks) && toks[next].Start < loc[1]; next++ {
		}
		left, right := s[from:loc[0]], s[loc[1]:]
		lw, rw := words[first:end], words[next:]
		if len(lw) < 3 && !(len(lw) == 2 && contractedCopula[lw[0]]) || !verb.in(lw) && !isImperative(lw) || subordinateRe.MatchString(left) && !strings.Contains(left, ",") {
			continue
		}
		ok := startsStatement(rw, toks[next:]) || namedPastStatement(right)
		if !ok && imperativeStartRe.MatchString(right) && len(rw) > 2 && !prepositions[rw[1]] {
			ok = isImperative(lw) || !strings.Contains(s[loc[0]:loc[1]], "and")
		}
		if ok {
			out = appendSentence(out, left)
			from, first, verb = loc[1], next, verbScan{}
		}
	}
	return appendSentence(out, s[from:])
}

// insideParens reports whether s leaves a parenthesis open: a comma after it lists what
// the parenthesis holds and joins no statements.
func insideParens(s string) bool {
	return strings.Count(s, "(") > strings.Count(s, ")")
}

// contractedCopula are subjects written with their verb: "we're vegetarians" is a whole
// statement in two words, as "the kids eat chicken" is in four.
var contractedCopula = set(`i'm we're he's she's they're`)

// verbScan is hasVerb over words that only grow at their end: a verb found stays found, so
// each word is read once however often the question is asked.
type verbScan struct {
	read  int // words read so far
	found bool
}

// in reports whether words, which extend the words asked about before, have a verb.
func (v *verbScan) in(words []string) bool {
	for ; !v.found && v.read < len(words); v.read++ {
		v.found = verbAt(words, v.read)
	}
	return v.found
}

// startsStatement reports words that open a statement with a noun-phrase subject of at most
// four words and a finite verb: "CI is pinned…", "the connection string is…". toks are the
// words' tokens: a word written with a capital after the first is a name, not a verb
// ("…, mostly ECS and RDS" lists services; "ECS" only looks like "uses").
func startsStatement(w []string, toks []text.Token) bool {
	if len(w) < 3 || firstPerson[w[0]] || subjectPronouns[w[0]] || prepositions[w[0]] || w[0] == "not" || w[0] == "no" {
		return false
	}
	if countedRate(w) {
		return false // "…, 900 euros a month" measures what came before (amountaside.go)
	}
	for i := 1; i < len(w) && i <= 4; i++ {
		switch {
		case finiteAux[w[i]] || modals[w[i]]:
			return i+1 < len(w)
		case likelyVerb(w[i]) && i+1 < len(w) && !prepositions[w[i-1]] && !(i < len(toks) && toks[i].Capital):
			return true
		case prepositions[w[i]] && i == 1:
			return false
		}
	}
	return false
}

// elidedNPRe finds a second verb sharing a noun-phrase subject: "Ravi runs X and approves Y".
var elidedNPRe = lazyre.New(`\s+and\s+(?:also\s+|then\s+)?((?:[a-z]+s|need|use|run|live|require|depend|get|go|follow|[a-z]+ed|became|got|went|began|bought|sold|took|made|left|quit|won|lost|found|moved)\s+\S)`)

// splitElidedNP splits "The service sits in services/notify and gets deployed with helm" into
// two statements about "The service". The subject is what comes before the first verb.
func splitElidedNP(s string) []string {
	w := strings.Fields(s)
	subj := 0
	first := 1
	if determinerOnly(w[0]) {
		first = 2 // "The notifications service sits…": the word after a determiner is a noun
	}
	for i := first; i < len(w) && i <= 5; i++ {
		lw := strings.ToLower(strings.Trim(w[i], ",.!?"))
		past := i == 2 && kinSubject(w[:2]) && (irregularPast[lw] || regularPast(lw)) // "My son quit…"
		if finiteAux[lw] || likelyVerb(lw) || pluralVerbs[lw] && strings.HasSuffix(strings.ToLower(w[i-1]), "s") || past {
			subj = i
			break
		}
	}
	if subj == 0 || firstPerson[strings.ToLower(w[0])] && !kinSubject(w[:subj]) {
		return []string{s} // "My son quit cooking and became a pilot" is about the son
	}
	subject := strings.Join(w[:subj], " ")
	var out []string
	// Each round moves past one joint: the search starts after the subject, so the loop ends.
	for from := len(subject); from < len(s); {
		loc := elidedNPRe.FindStringSubmatchIndex(s[from:])
		if loc == nil || !elidedVerb(s[from+loc[2]:from+loc[3]]) {
			break
		}
		out = appendSentence(out, s[:from+loc[0]])
		s = subject + " " + s[from+loc[2]:]
		from = len(subject) + 1
	}
	return appendSentence(out, s)
}

var pluralVerbs = set(`need use run live require depend get go follow sit stay`)

func elidedVerb(phrase string) bool {
	v, _, _ := strings.Cut(phrase, " ")
	return pluralVerbs[v] || likelyVerb(v) || v == "is" || v == "has" || v == "gets" || irregularPast[v] || regularPast(v)
}

// kinSubject reports a subject naming someone of the speaker's: "my son", "our neighbour",
// a pet ("my dog"), either maybe with its name ("our cat Miso").
func kinSubject(w []string) bool {
	if len(w) == 3 && namedAfterKind(w[2]) {
		w = w[:2]
	}
	if len(w) != 2 {
		return false
	}
	owner, kin := strings.ToLower(w[0]), strings.ToLower(w[1])
	return (owner == "my" || owner == "our") && (personNouns[kin] || introNouns[kin])
}

// namedAfterKind reports a word that names the one its kind word stood for: "Miso" in
// "our cat Miso", capitalised and no verb.
func namedAfterKind(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	return unicode.IsUpper(r) && w != "I" && !likelyVerb(strings.ToLower(w))
}

// namedPastStatement reports a statement whose subject is one capitalised name and whose verb
// is in the past: "…and Noah just turned 5", "…, but Maya moved to Lisbon". startsStatement
// reads present-tense verbs only; a name keeps "apples and oranges imported from Spain" whole.
func namedPastStatement(s string) bool {
	w := strings.Fields(s[:min(len(s), 200)]) // its first words only: splitStatements calls it at every joint
	if len(w) < 3 || len(w[0]) < 2 || !unicode.IsUpper(rune(w[0][0])) || !unicode.IsLower(rune(w[0][1])) || w[0] == "I" {
		return false
	}
	if l := strings.ToLower(w[0]); indefinites[l] || subjectPronouns[l] || determinerOnly(l) || possessives[l] || firstPerson[l] {
		return false
	}
	i := 1
	if adverbs[strings.ToLower(w[i])] {
		i++
	}
	v := strings.ToLower(w[i])
	return i+1 < len(w) && (irregularPast[v] || regularPast(v))
}

// splitGapped splits a clause whose second half leaves out the verb ("gapping"): "The
// frontend runs on port 3000 and the API on port 8080" says where each runs, "We use Jest
// for tests and ESLint for linting" what each is used for. Each half is one fact, so a
// later change of one (the API moves, ESLint is replaced) leaves the other current. The
// second half is a name or a determined noun phrase and the preposition the first half
// uses, with no verb: it takes the first half's subject or its verb from there.
func splitGapped(s string) []string {
	lower := strings.ToLower(s)
	i := strings.Index(lower, " and ")
	if i < 0 || strings.Contains(lower[i+5:], " and ") {
		return []string{s}
	}
	lw := strings.Fields(strings.TrimRight(s[:i], ","))
	rw := strings.Fields(s[i+5:])
	k := gapPrep(rw)
	if k < 0 || len(lw) < 3 {
		return []string{s}
	}
	j := lastWord(lw, strings.ToLower(rw[k]))
	if j < 2 {
		return []string{s}
	}
	if gapVerb(strings.ToLower(lw[j-1])) {
		// "The frontend runs on port 3000 and the API on port 8080": a second subject. A
		// first-person verb would not agree with it ("I live in Oslo and my sister in Bergen").
		if first := strings.ToLower(lw[0]); first == "i" || first == "we" {
			return []string{s}
		}
		second := append(append(append([]string{}, rw[:k]...), lw[j-1]), rw[k:]...)
		return []string{strings.Join(lw, " "), strings.Join(second, " ")}
	}
	// "We use Jest for tests and ESLint for linting": a second object of the same verb.
	v := gapVerbIndex(lw[:j-1])
	if v < 0 || j-1-v > 3 {
		return []string{s}
	}
	second := append(append([]string{}, lw[:v+1]...), rw...)
	return []string{strings.Join(lw, " "), strings.Join(second, " ")}
}

// gapPrep returns where the preposition of a gapped half stands, after a name ("ESLint
// for linting") or a determined noun phrase of up to three words ("the API on port
// 8080"), or -1.
func gapPrep(rw []string) int {
	for k := 1; k < len(rw)-0 && k <= 3; k++ {
		if !prepositions[strings.ToLower(rw[k])] {
			if gapVerb(strings.ToLower(rw[k])) {
				return -1
			}
			continue
		}
		if k == len(rw)-1 {
			return -1
		}
		head := rw[0]
		if k == 1 && (capitalised("", head) || strings.ContainsAny(head, "0123456789.")) && !subjectPronouns[strings.ToLower(head)] {
			return k
		}
		if k > 1 && gapDeterminers[strings.ToLower(head)] {
			return k
		}
		return -1
	}
	return -1
}

// sentenceWords are a sentence's words with where each starts, and for each word
// whether a verb stands at it or after it, so every joint of a long sentence can
// ask whether the rest is a gapped half without reading the rest again.
type sentenceWords struct {
	words    []string
	starts   []int  // byte offset of each word
	verbFrom []bool // verbFrom[i]: a verb among words[i:]; one longer than words
}

func wordsOf(s string) sentenceWords {
	var sw sentenceWords
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if unicode.IsSpace(r) {
			i += size
			continue
		}
		end := strings.IndexFunc(s[i:], unicode.IsSpace)
		if end < 0 {
			end = len(s) - i
		}
		sw.words = append(sw.words, s[i:i+end])
		sw.starts = append(sw.starts, i)
		i += end
	}
	sw.verbFrom = make([]bool, len(sw.words)+1)
	for i := len(sw.words) - 1; i >= 0; i-- {
		sw.verbFrom[i] = sw.verbFrom[i+1] || gapVerb(strings.ToLower(strings.Trim(sw.words[i], ",.!?")))
	}
	return sw
}

// gappedFrom reports whether the words from byte offset at on make a gapped second
// half: a name or determined noun phrase, a preposition and what follows it, with no
// verb anywhere.
func (sw sentenceWords) gappedFrom(at int) bool {
	first := sort.SearchInts(sw.starts, at)
	rw := sw.words[first:]
	k := gapPrep(rw)
	if k < 0 {
		return false
	}
	if base, _, _ := strings.Cut(strings.ToLower(rw[0]), "'"); subjectPronouns[base] {
		return false // "… and I'm from Mumbai": the verb is in the contraction
	}
	return !sw.verbFrom[first+k+1]
}

// gapDeterminers open the noun phrase of a gapped second subject or object.
var gapDeterminers = set(`the a an my our his her their its your this that`)

// gapVerb reports a verb the first half of a gapped clause may state.
func gapVerb(w string) bool {
	return likelyVerb(w) || finiteAux[w] || pluralVerbs[w]
}

// gapVerbIndex is where the verb of a first-person or noun-phrase subject stands, or -1.
func gapVerbIndex(w []string) int {
	for i := 1; i < len(w) && i <= 4; i++ {
		if gapVerb(strings.ToLower(w[i])) {
			return i
		}
	}
	return -1
}

// lastWord is the last index of word w in ws (compared in lower case), or -1.
func lastWord(ws []string, w string) int {
	for i := len(ws) - 1; i >= 0; i-- {
		if strings.ToLower(ws[i]) == w {
			return i
		}
	}
	return -1
}
