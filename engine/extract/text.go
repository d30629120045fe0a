package extract

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/memsvc/memsvc/text"
	"github.com/memsvc/memsvc/text/lazyre"
)

var quoteReplacer = strings.NewReplacer("\r\n", "\n", "\r", "\n", "’", "'", "‘", "'", "“", `"`, "”", `"`, "…", "...")

var (
	shellStartRe = lazyre.New(`^\s*(?:[$%]\s|PS [A-Z]:\\|[A-Z]:\\[^ ]*>|>>>\s|\.\.\.\s|In \[\d+\]:)`)
	blockStartRe = lazyre.New(`^\s*(?:Traceback \(most recent call last\)|panic:|goroutine \d+|Exception in thread|Caused by:|fatal error:)`)
	codeLineRe   = lazyre.New(`^(?:\s{4,}|\t)\S|^\s*at [\w.$<>]+\(|^\s*File ".*", line \d+|\.(?:go|py|js|ts|java|rb|rs|c|cpp|cs|php|kt|swift):\d+|^\[?\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}|^\s*\[?(?:INFO|WARN|WARNING|ERROR|DEBUG|TRACE|FATAL)\b|^\s*[A-Z]\w*(?:Error|Exception)\b|^\s*[{}\[\]<]|^\s*"[\w-]+"\s*:|^[dlcbps-][rwxsStT-]{9}|^total \d+$|[;{]\s*$|^\s*(?:func|def|class|import|package|const|let|var|#include|SELECT|INSERT|UPDATE|DELETE|CREATE|from \S+ import)\b`)
	bulletRe     = lazyre.New(`^\s*(?:[-*+•]|\d{1,2}[.)]|#{1,6})\s+`)
)

// proseLines removes what is not prose: fenced code, shell sessions, stack traces, logs, JSON
// and other code-like lines. It returns the remaining lines without list markers.
func proseLines(content string) []string {
	var out []string
	inFence, inBlock := false, false
	for _, line := range strings.Split(quoteReplacer.Replace(content), "\n") {
		if m := shareMarkerRe.FindStringSubmatch(line); m != nil && strings.TrimSpace(line) == m[0] {
			line = "shared a photo of " + m[1] + "." // a line of its own, which the cases below take for code
		}
		switch {
		case text.FenceLine(line):
			inFence = !inFence
			continue
		case inFence:
			continue
		case strings.TrimSpace(line) == "":
			inBlock = false
			continue
		case inBlock:
			continue
		case shellStartRe.MatchString(line) || blockStartRe.MatchString(line):
			// The output that follows a prompt or a trace header is tool output up to the next blank line.
			inBlock = true
			continue
		case codeLineRe.MatchString(line) || symbolHeavy(line):
			continue
		}
		out = append(out, strings.TrimSpace(bulletRe.ReplaceAllString(line, "")))
	}
	return out
}

// shareMarkerRe is a chat's note of a shared image with what it shows:
// "[shares a photo: a tray of custard tarts]", "[image: …]", "[sent a
// picture of …]". Read as prose: a line in brackets is otherwise taken for
// code or a log line, and a turn that only shared a photo was lost.
var shareMarkerRe = lazyre.New(`(?i)\[\s*(?:(?:shares?|shared|sends?|sent|posts?|posted)\s+(?:a|an)\s+)?(?:photo|picture|pic|image|screenshot)\s*(?::|of\b)\s*([^\]]+?)\s*\]`)

// placeholderRe is a placeholder in a convention ("feature/<ticket>-<slug>",
// "<type>(<scope>): <subject>"): a word in angle brackets, which is prose, not
// code punctuation.
var placeholderRe = lazyre.New(`<[A-Za-z][\w-]{0,30}>`)

// symbolHeavy reports lines dense in code punctuation.
func symbolHeavy(line string) bool {
	n, sym := 0, 0
	for _, r := range placeholderRe.ReplaceAllString(line, "x") {
		if unicode.IsSpace(r) {
			continue
		}
		n++
		if strings.ContainsRune("{}[];=<>|&$\\^~", r) {
			sym++
		}
	}
	return n > 8 && sym*10 > n
}

var abbreviations = set(`mr mrs ms dr st jr sr prof vs etc e.g i.e approx inc ltd co mt ave lt col gen no a.m p.m dept est fig`)

// sentences splits a line of prose into sentences. A colon after a short lead-in ("Big news:")
// also ends a sentence.
func sentences(line string) []string {
	var out []string
	start := 0
	for i := 0; i < len(line); i++ {
		c := line[i]
		if c >= utf8.RuneSelf {
			j, brk := emojiBreak(line, start, i)
			if brk {
				out = appendSentence(out, line[start:j])
				start = j
			}
			if j == i {
				_, size := utf8.DecodeRuneInString(line[i:])
				j = i + size // a letter such as "à" is read whole: its later bytes are no emoji
			}
			i = max(i, j-1) // a run of emoji is read once, not again from each of its runes
			continue
		}
		if c != '.' && c != '!' && c != '?' && c != ':' {
			continue
		}
		j := i + 1
		for j < len(line) && strings.IndexByte(".!?\"')]", line[j]) >= 0 {
			j++
		}
		if j < len(line) && line[j] != ' ' {
			continue
		}
		if c == '.' && i > 0 && line[i-1] == '/' {
			i = j - 1 // a path such as "./..." in "go test ./... now" ends no sentence
			continue
		}
		if c == '.' && (isAbbreviation(line[start:i]) || dottedInitialsRe.MatchString(line[start:j]) && lowerNext(line[j:])) {
			continue // "Washington D.C. in April": the initials' last stop ends no sentence before a lowercase word
		}
		if c == ':' && (hasWords(line[start:i], 5) || countedPlural(line[start:i])) && j < len(line) {
			continue // "I've got three siblings: two brothers and a sister" is one statement
		}
		if c == ':' && strings.ContainsAny(line[strings.LastIndexByte(line[:i], ' ')+1:i], "<>(){}[]") {
			continue // "<type>(<scope>): <subject>" is a template, its colon part of it
		}
		if inCodeSpan(line, i) {
			continue // "set `retries: 5` in ci.yml": the colon is the value's, not the sentence's
		}
		out = appendSentence(out, line[start:j])
		start = j
		i = j - 1
	}
	return appendSentence(out, line[start:])
}

// emojiBreak reads the run of emoji at line[i:] and returns where it ends and whether a
// sentence ends there: chat puts an emoji where prose puts a full stop ("just started at
// Stripe 😅 new job"). It ends a sentence only after a clause of three words or more and
// before a word that does not continue it, a verb among them ("my dog 🐶 is called Rex",
// "at the beach 🏖 with my kids" stay whole). No run (j == i): no emoji at i.
func emojiBreak(line string, start, i int) (j int, brk bool) {
	j = i
	for j < len(line) {
		r, size := utf8.DecodeRuneInString(line[j:])
		if !unicode.Is(unicode.So, r) && !unicode.Is(unicode.Sk, r) && r != '\uFE0F' && r != '\u200D' {
			break
		}
		j += size
	}
	if j == i || j >= len(line) || line[j] != ' ' || !hasWords(line[start:i], 3) {
		return j, false
	}
	next, _, _ := strings.Cut(strings.TrimSpace(line[j:]), " ")
	if next = strings.ToLower(next); next == "" || prepositions[next] || continuers[next] || finiteAux[next] || likelyVerb(next) {
		return j, false
	}
	return j, true
}

// continuers are words that go on with the clause before them.
var continuers = set(`and or but so because cause since which who that when while as than too lol haha`)

func appendSentence(out []string, s string) []string {
	if s = strings.TrimSpace(s); s != "" {
		out = append(out, s)
	}
	return out
}

// inCodeSpan reports whether line[i] stands between two backticks: an odd number of them
// before it, and one after it to close the span. A lone backtick opens no span.
func inCodeSpan(line string, i int) bool {
	return strings.Count(line[:i], "`")%2 == 1 && strings.IndexByte(line[i:], '`') >= 0
}

// monthStopRe finds a month's short name closed by a full stop before its day: "Dec. 12".
var monthStopRe = lazyre.New(`\b((?i:jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec))\.(\s+\d)`)

// withoutMonthStops drops the stop after a month's short name before a day ("on Dec. 12"
// is "on Dec 12"): read as a full stop it ended the sentence, and the day was lost.
func withoutMonthStops(line string) string {
	return monthStopRe.ReplaceAllString(line, "$1$2")
}

// dottedInitialsRe finds text ending in initials each closed by a full stop: "D.C.", "U.S.",
// "p.m.". Their last stop may end the sentence too, so it does only before a capital.
var dottedInitialsRe = lazyre.New(`(?:^|[\s(])(?:[A-Za-z]\.){2,}$`)

// lowerNext reports whether the text after a full stop goes on in lowercase (or a digit):
// the stop closed an abbreviation, not the sentence.
func lowerNext(rest string) bool {
	r, _ := utf8.DecodeRuneInString(strings.TrimSpace(rest))
	return unicode.IsLower(r) || unicode.IsDigit(r)
}

func isAbbreviation(before string) bool {
	i := strings.LastIndexAny(before, " (") + 1
	w := strings.ToLower(before[i:])
	if abbreviations[w] {
		return true
	}
	r, size := utf8.DecodeRuneInString(w)
	return size == len(w) && unicode.IsLetter(r) // an initial: "J. K. Rowling"
}

var (
	// clauseSplitRe finds the joints between two statements with their own first-person subject
	// ("…, and I work as…", "…because I get migraines", "…, I went vegetarian"). Since when
	// the second holds may come first and stays with it: "I used to live in Dublin, but since
	// 2019 I've lived in Cork". Chat's bare "im"/"ive" are a joint only after a fragment
	// ("no pork, and im lactose intolerant", see leadFragment): after a statement ("…, so im
	// …") splitting cost REALTALK's conversation ingest 0.6822 → 0.6806 (rerank 0.6814 →
	// 0.6798), twice, the run-on's other half kept as a fact of its own, mostly a mood.
	clauseSplitRe = lazyre.New(`(?i)(?:,?\s+(?:and|but|because|since|as|so|while|whereas)(?:\s+(?:now|then|also|still|so))?|,(?:\s+(?:now|then|also|still|so))?|\s+[-—–])\s+((?:(?:since (?:(?:19|20)\d\d|last [a-z]+)|these days|nowadays),?\s+)?(?:i|i'm|i've|i'll|i'd|im|ive|we|we're|we've|we'll|my|our|he|she|he's|she's)\b)`)
	soSplitRe     = lazyre.New(`(?i),\s+so\s+|[,;]\s+(?:and\s+)?(?:before that|before then|prior to that|until then)\s*,?\s+`)
	// elidedRe finds a second verb whose subject is left out ("I live in Paris and work at Google").
	// A routine's verb comes with its particle ("I go to bed by 10pm and get up at 6am"): two
	// routines, each its own slot, so a later wake time leaves the bedtime standing.
	elidedRe = lazyre.New(`(?i)\s+(?:and|but)\s+(?:also\s+|then\s+|now\s+|later\s+)?((?:get up|wake up|go to bed|go to sleep|work|worked|live|lived|love|loved|like|liked|hate|hated|enjoy|enjoyed|own|owned|drive|drove|ride|rode|play|played|speak|spoke|study|studied|prefer|eat|ate|drink|drank|teach|taught|volunteer|volunteered|coach|cook|travel|travelled|traveled|run|ran|sleep|slept|write|wrote|use|have|had|don't|do not|never|am|was|grew|moved|went|got|became|started|left|met|spent|bought|sold|quit|joined|finished|graduated|retired|switched|adopted|visited|returned|came|took|made|found|lost|won|opened|launched|founded|built|began|bought|sold|signed|passed|earned|married|divorced|booked|rented|gave|raised|trained|applied|enrolled|dropped|picked)\b)`)
	// elidedUserRe is elidedRe for a note in the third person: "User … and now works at …".
	elidedUserRe  = lazyre.New(`(?i)\s+(?:and|but)\s+(?:also\s+|then\s+|now\s+|later\s+)?((?:gets up|wakes up|goes to bed|goes to sleep|works|lives|loves|likes|hates|enjoys|owns|drives|plays|speaks|studies|prefers|teaches|coaches|uses|has|worked|lived|moved|left|joined|quit|started|switched|became|retired|graduated)\b)`)
	conditionalRe = lazyre.New(`(?i)^(?:if|unless|suppose|supposing|assuming|in case|what if|even if)\b`)
	firstSubjRe   = lazyre.New(`(?i)^(?:i|i'm|i've|i'll|we|we're|we've|we'll)\b`)
	// thirdSubjRe opens a short clause about someone else, whole in two words: "he's 4",
	// "she's good" (which the pronoun's own rules then read or drop).
	thirdSubjRe  = lazyre.New(`(?i)^(?:he's|she's|he is|she is)\s+\S`)
	tailFillerRe = lazyre.New(`(?i)(?:,?\s+(?:by the way|btw|though|lol|haha+|tbh|honestly|just so you know|fyi|fwiw|i guess|i suppose))+\s*[.!]*$`)
	// midFillerRe finds chat filler closing a clause inside the sentence: "I'm 29 btw, turning
	// 30 in May", "I'm a manager now I guess, they…", and before the next clause's "so"/"and"/
	// "but" ("I'm vegetarian btw so no meat please"). Group 1 is that conjunction.
	midFillerRe    = lazyre.New(`(?i)\s+(?:btw|lol|haha+|tbh|fyi|fwiw|i guess|i suppose)(?:\s*,|\s+(so|and|but)\s)`)
	tailFillerCues = []string{"by the way", "btw", "though", "lol", "haha", "tbh", "honestly", "just so you know", "fyi", "fwiw", "i guess", "i suppose"}
	// affectTailRe finds how the speaker feels about what they just said, tacked on after a
	// comma ("I started at Stripe as a backend engineer, pretty excited", "…, can't wait"): the
	// turn keeps it, the fact states what happened.
	affectTailRe = lazyre.New(`(?i),\s+(?:(?:so+|pretty|super|really|very|kinda|kind of|a bit|a little|quite|totally|honestly|lowkey|highkey)\s+)?(?:excited|happy|stoked|thrilled|nervous|scared|anxious|proud|bummed|pumped|hyped|glad|relieved|worried|psyched|sad|gutted|terrified|ecstatic)(?:\s+(?:about it|about that|tbh|ngl|lol|haha+))?\s*[.!]*$|,\s+(?:(?:i\s+)?can'?t wait|so+ much fun|fingers crossed|wish me luck)\s*[.!]*$` +
		// "…, it's so good": praise of what was just named, no fact of its own.
		`|,\s+(?:it's|it is|its|they're|they are|that's)\s+(?:(?:so+|really|very|pretty|super|actually|honestly|just)\s+)*(?:` + praiseWords + `)\s*[.!]*$` +
		// "…, its going ok": how it goes so far, no fact of its own.
		`|,\s+(?:it's|it is|its)\s+going\s+(?:(?:so+|really|pretty|very|super)\s+)?(?:ok|okay|well|good|great|fine|alright|slowly|badly)\s*[.!]*$`)
	// commentTailRe finds the speaker's verdict on what they just said, tacked on as a
	// relative clause ("I use vim, which is honestly the best editor ever made", "…, which I
	// still find weird"): a passing opinion of the moment, no part of the fact.
	commentTailRe = lazyre.New(`(?i),\s+which\s+(?:(?:is|was|has been|had been|'s)\s+(?:(?:so+|pretty|super|really|very|kinda|kind of|quite|totally|honestly|actually|just|such|a|an|the)\s+)*` +
		`(?:best|worst|good|great|amazing|awesome|fun|nice|cool|weird|annoying|exciting|stressful|rewarding|relief|wild|crazy|insane|funny|hilarious|cute|lovely|perfect|terrible|awful|brilliant|fantastic|incredible|frustrating|exhausting|boring|scary|sad|strange|odd|ridiculous)\b[^,;]*` +
		`|i\s+(?:(?:still|really|honestly|actually|kinda|personally)\s+)*(?:find|found|think is|love|hate)\b[^,;]*|makes sense|is fine|is ok(?:ay)?)\s*[.!]*$`)
	questionTail = lazyre.New(`(?:,|;|\s+-|\s+—|\s+–)\s+[^,;]*\?$`)
)

// clauses splits a sentence into statements that each stand on their own, keeping a
// declarative part before a trailing question ("I just moved to Paris, any tips?").
func clauses(sentence string) []string {
	s := nameAgeRe.ReplaceAllString(withPartyOfUs(stripLead(withRankedKin(withoutChatter(withChatSpelling(sentence))))), "$1 is $2$3")
	lower := strings.ToLower(s)
	if containsAny(lower, tailFillerCues) {
		s = midFillerRe.ReplaceAllString(tailFillerRe.ReplaceAllString(s, ""), ", $1 ")
	}
	s = commentTailRe.ReplaceAllString(affectTailRe.ReplaceAllString(s, ""), "")
	if strings.HasSuffix(s, "?") {
		if loc := questionTail.FindStringIndex(s); loc != nil {
			s = s[:loc[0]]
		}
	}
	s = withContinuations(s) // "im a nurse, night shifts mostly": the schedule is a statement of its own
	if attrs := verblessAttributes(s); attrs != nil {
		return attrs // "ring size 7, gloves 8.5": one attribute per item
	}
	var parts []string
	for _, p := range strings.Split(s, ";") {
		for _, q := range soSplitRe.Split(p, -1) {
			for _, f := range splitEach(splitForeign(q), splitAtVerdict) {
				parts = append(parts, splitAtSubjects(f)...)
			}
		}
	}
	var out []string
	for _, p := range parts {
		for _, q := range splitEach(splitApposition(p), splitRunOnSelf) {
			for _, r := range splitCopulaList(splitEach(splitAgeAnd(q), splitElided)) {
				for _, st := range splitEach(splitEach(splitEach(splitContrast(r), splitSharedVerb), splitProgressive), splitStatements) {
					for _, g := range splitGapped(st) {
						for _, pr := range splitPassive(g) {
							out = append(out, splitElidedNP(pr)...)
						}
					}
				}
			}
		}
	}
	return withNegatedPredicates(withInsteadJoined(out))
}

// insteadTailRe ends the second half of "don't X; do Y instead", which names what it
// replaces only through the first half.
var insteadTailRe = lazyre.New(`(?i)\binstead[.!]*$`)

// prohibitionRe starts a negative instruction: "Don't use fmt.Println", "never log bodies".
var prohibitionRe = lazyre.New(`(?i)^(?:please\s+)?(?:don't|do not|dont|never|avoid|stop)\s+\w`)

// withInsteadJoined keeps "Don't use fmt.Println for debugging; use the slog logger
// instead" as one instruction: alone, "use the slog logger instead" says instead of what.
func withInsteadJoined(cs []string) []string {
	out := cs[:0:0]
	for _, c := range cs {
		if n := len(out); n > 0 && insteadTailRe.MatchString(strings.TrimSpace(c)) && prohibitionRe.MatchString(strings.TrimSpace(out[n-1])) {
			out[n-1] = strings.TrimRight(strings.TrimSpace(out[n-1]), " ,;.") + "; " + strings.TrimSpace(c)
			continue
		}
		out = append(out, c)
	}
	return out
}

// countedPlural reports text that ends in a counted plural, which a colon after it opens
// the list of: "three siblings", "2 cats", "a few allergies".
func countedPlural(s string) bool {
	w := lowerWords(s)
	if len(w) < 2 {
		return false
	}
	noun := w[len(w)-1]
	if !strings.HasSuffix(noun, "s") && noun != "children" && noun != "people" {
		return false
	}
	for i := len(w) - 2; i >= 0 && i >= len(w)-4; i-- {
		if countWords[w[i]] || w[i] != "" && w[i][0] >= '0' && w[i][0] <= '9' {
			return true
		}
	}
	return false
}

// countWords count the plural after them.
var countWords = set(`two three four five six seven eight nine ten eleven twelve few several couple many`)

// nameAgeRe finds a name contracted with "is" before an age: "Emma's 9 and Noah just turned
// 5". Spelled out, it is a clause of its own; a count after it ("Tom's 3 kids") is no age.
var nameAgeRe = lazyre.New(`\b([A-Z][a-z]+)'s (\d{1,3})(\s+(?:and|but|years?|yrs?|now|already)\b|[,.!;]|$)`)

var appositionRe = lazyre.New(`(?i)^(i'm|i am|we're|we are)\s+([^,]+),\s+((?:an?|the)\s+[^,]+?),?$`)

// splitApposition splits "I'm 29, a software developer" into "I'm 29" and "I'm a software developer".
func splitApposition(s string) []string {
	if !strings.Contains(s, ",") {
		return []string{s}
	}
	if list := splitSelfList(s); list != nil {
		return list // "I'm Jo, 41, a teacher": name, age and job
	}
	m := appositionRe.FindStringSubmatch(s)
	if m == nil {
		return []string{s}
	}
	if finiteIn(lowerWords(m[3])) {
		// "I just had popcorn, the film was ok": a statement of its own after the comma,
		// no second thing the speaker is ("User is the film was ok").
		return []string{m[1] + " " + m[2], m[3]}
	}
	return []string{m[1] + " " + m[2], m[1] + " " + m[3]}
}

// runOnSelfRe finds chat's two first-person statements run together without a joint:
// "im vegetarian i just had popcorn". The first is short and states what the speaker is;
// group 1 is the second subject and its verb.
var runOnSelfRe = lazyre.New(`(?i)^(?:i'm|im|i am|we're|we are)\s+(?:a\s+|an\s+)?[a-z-]+(?:\s+[a-z-]+)?\s+((?:i|we)\s+(?:just\s+|only\s+|also\s+|usually\s+|always\s+|never\s+)?[a-z']+\b.*)$`)

// clauseTakers are the states that take a clause after them ("I'm glad I went", "I'm
// sure we met"): one statement, not two run together.
var clauseTakers = set(`sure glad happy sorry afraid worried aware certain hoping thinking guessing convinced proud scared relieved surprised
grateful thankful lucky blessed excited amazed not so`)

// splitRunOnSelf splits "I'm vegetarian I just had popcorn" into its two statements.
func splitRunOnSelf(s string) []string {
	m := runOnSelfRe.FindStringSubmatchIndex(s)
	if m == nil {
		return []string{s}
	}
	first := strings.TrimSpace(s[:m[2]])
	words := lowerWords(first)
	if hasAny(words[1:], clauseTakers) || finiteIn(words[1:]) {
		return []string{s}
	}
	return []string{first, s[m[2]:]}
}

func splitAtSubjects(s string) []string {
	if conditionalRe.MatchString(s) {
		return []string{s} // "If it rains tomorrow, I'll stay home" is one hypothetical
	}
	var out []string
	from := 0
	words := wordsOf(s) // once: a joint must not read the whole rest again
	for _, loc := range clauseSplitRe.FindAllStringSubmatchIndex(s, -1) {
		if loc[0] == from || !standsAlone(s[from:loc[0]]) && !leadFragment(s[from:loc[0]], s[loc[2]:]) {
			continue
		}
		if bareSubject(s[loc[2]:]) && standsAlone(s[from:loc[0]]) {
			continue // "…, so im tired": see clauseSplitRe
		}
		if reasonJointRe.MatchString(s[loc[0]:loc[2]]) && decisionRe.MatchString(s[from:loc[0]]) {
			continue // a decision keeps its reason: "we went with gRPC since we need streaming"
		}
		if words.gappedFrom(loc[2]) {
			continue // "My brother lives in Oslo and my sister in Bergen": splitGapped gives it its verb
		}
		out = appendSentence(out, s[from:loc[0]])
		from = loc[2]
	}
	return appendSentence(out, s[from:])
}

// standsAlone reports whether the text before a joint is a clause of its own rather than the
// first half of a compound subject ("Dave and I are…", "My wife and I moved…").
func standsAlone(left string) bool {
	return firstSubjRe.MatchString(left) || thirdSubjRe.MatchString(left) || hasWords(left, 3)
}

// leadFragment reports a fragment before a joint whose subject carries its verb ("I'm",
// "we've"): such a subject cannot end a compound one ("Dave and I are…"), so the fragment
// ("no pork, and I'm lactose intolerant", "Hey Maria, I've been…") is no part of the
// statement after it. A fragment that dates it stays with it: "Next month, I'm off to Cork".
func leadFragment(left, rest string) bool {
	first, _, _ := strings.Cut(rest, " ")
	return (strings.ContainsAny(first, "'’") || bareSubject(rest)) && !hasAny(lowerWords(left), dateCues)
}

// bareSubject reports a clause that opens on chat's "im"/"ive" (keptBare).
func bareSubject(rest string) bool {
	first, _, _ := strings.Cut(rest, " ")
	return keptBare[strings.ToLower(first)]
}

// hasWords reports whether s has at least n words, reading no further than the nth.
func hasWords(s string, n int) bool {
	for i := 0; i < n; i++ {
		s = strings.TrimLeftFunc(s, unicode.IsSpace)
		if s == "" {
			return false
		}
		end := strings.IndexFunc(s, unicode.IsSpace)
		if end < 0 {
			return i == n-1
		}
		s = s[end:]
	}
	return true
}

// splitElided splits "I live in Paris and work at Google" into two first-person clauses,
// and an agent's note about the user ("User left Capgemini and now works at Accenture")
// into two about the user.
func splitElided(s string) []string {
	subject := strings.Fields(s + " x")[0]
	re, habits := elidedRe, true
	switch l := strings.ToLower(strings.ReplaceAll(subject, "’", "'")); {
	case !strings.Contains(s, " and ") && !strings.Contains(s, " but ") && !strings.Contains(s, ","):
		return []string{s}
	case l == "user":
		re, habits = elidedUserRe, false
	case contractedSelf[l] != "":
		subject = contractedSelf[l] // "I'm married and have two kids": I have two kids
	case l != "i" && l != "we":
		return []string{s}
	}
	var out []string
	for {
		loc := re.FindStringSubmatchIndex(s)
		if h := habitAside(s); habits && h != nil && (loc == nil || h[0] < loc[0]) {
			loc = h
		}
		if loc == nil || sharedPassive(s[:loc[0]], s[loc[2]:loc[3]]) {
			return appendSentence(out, s)
		}
		out = appendSentence(out, s[:loc[0]])
		s = subject + " " + s[loc[2]:]
	}
}

// habitAsideRe finds a second first-person statement after a comma whose subject chat left
// out, told by how often: "I drive a civic, usually park in the garage". Group 1 is the
// adverb and the verb; "always" and "never" are left out, as "…, always use tabs" is an
// instruction.
var habitAsideRe = lazyre.New(`(?i),\s+(?:and\s+)?((?:usually|often|normally|typically|generally|mostly|sometimes|rarely|also)\s+([a-z]+))\b`)

// habitAside is habitAsideRe's match when its verb is a plain present form (not "parked",
// "parking" or "parks", which would not agree with "I"), and not a word that opens a noun
// phrase ("usually the north side", "also two cats", "mostly Phoenix apps").
func habitAside(s string) []int {
	loc := habitAsideRe.FindStringSubmatchIndex(s)
	if loc == nil {
		return nil
	}
	v := s[loc[4]:loc[5]]
	if v != strings.ToLower(v) {
		return nil // "mostly Phoenix apps": a name
	}
	if strings.HasSuffix(v, "ed") || strings.HasSuffix(v, "ing") || strings.HasSuffix(v, "s") || text.IsStopWord(v) || numberWord(v) > 0 || !likelyVerb(v+"s") && !pluralVerbs[v] {
		return nil
	}
	return loc[:4]
}

// sharedPassive reports whether verb continues the passive that left ends with: in "I was
// born and raised in Cork" the "was" is raised's too, and "I raised in Cork" would say
// something else. Only "born" is read so: it has no active use, where "I got married and
// moved to Berlin" tells two things.
func sharedPassive(left, verb string) bool {
	w := strings.Fields(strings.ToLower(left))
	n := len(w)
	if n < 2 || n > 3 || w[n-1] != "born" || (w[n-2] != "was" && w[n-2] != "were") {
		return false
	}
	v := strings.ToLower(verb)
	return irregularPast[v] || regularPast(v)
}

// copulaListRe: "I'm 34, married" states two things with one "I'm": a list of what the
// speaker is whose last item is a bare lower-case word or two (no verb, no name, no place).
// Groups: 1 the subject and verb, 2 the first item, 3 the last.
var copulaListRe = lazyre.New(`(?i)^(i'm|i am|we're|we are)\s+([^,]+?),\s+(?:and\s+)?(?-i:((?:an?\s+)?[a-z][a-z-]+(?:\s+[a-z][a-z-]+)?))\s*[,.!]*$`)

// ageAndRe is an age and a second attribute sharing one "is": "he's 9 and allergic to
// peanuts", "my dad is 70 and retired". Group 1 is the subject with its verb, 2 the age, 3
// the attribute; an age is its own slot, which a birthday later moves on alone.
var ageAndRe = lazyre.New(`(?i)^((?:i'm|i am|he's|she's|he is|she is|(?:my|our)\s+[a-z-]+(?:\s+[a-z]+)?\s+is))\s+(\d{1,3})\s+and\s+([a-z][^,;]*?)[.!]*$`)

// splitAgeAnd splits an age from the attribute that shares its "is" (ageAndRe); a verb
// after "and" ("my dad is 70 and still works") is a clause of its own, split elsewhere.
func splitAgeAnd(s string) []string {
	m := ageAndRe.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil || finiteIn(firstWords(lowerWords(m[3]), 2)) {
		return []string{s}
	}
	return []string{m[1] + " " + m[2], m[1] + " " + m[3]}
}

func firstWords(w []string, n int) []string { return w[:min(n, len(w))] }

// splitCopulaList splits each clause that lists what the speaker is into one clause per
// item, so that a later change of one (a new age) leaves the others current.
func splitCopulaList(cs []string) []string {
	var out []string
	for _, c := range cs {
		m := copulaListRe.FindStringSubmatch(strings.TrimSpace(c))
		if m == nil || finiteIn(lowerWords(m[3])) || prepositions[strings.ToLower(strings.Fields(m[3])[0])] {
			out = append(out, c)
			continue
		}
		out = append(out, m[1]+" "+m[2], m[1]+" "+m[3])
	}
	return out
}

// finiteIn reports a finite verb among words; a participle said as an adjective
// ("married", "retired") is none.
func finiteIn(words []string) bool {
	for _, w := range words {
		if finiteAux[w] || modals[w] || likelyVerb(w) {
			return true
		}
	}
	return false
}

// contractedSelf maps a first-person subject contracted with its verb to the subject
// alone, which is what the second verb of the sentence has.
var contractedSelf = map[string]string{"i'm": "I", "i've": "I", "we're": "We", "we've": "We"}

// excerpt trims a source sentence to at most 200 characters, at a word boundary. It reads
// only the characters it keeps: every fact of a long sentence takes its excerpt.
func excerpt(s string) string {
	const max = 200
	n, end := 0, 0 // end: the byte offset of character max-1
	for i := range s {
		if n == max-1 {
			end = i
		}
		if n++; n > max {
			break
		}
	}
	if n <= max {
		return s
	}
	cut := string([]rune(s[:end]))
	if i := strings.LastIndexByte(cut, ' '); i > max/2 {
		cut = cut[:i]
	}
	return strings.TrimSpace(cut) + "…"
}
