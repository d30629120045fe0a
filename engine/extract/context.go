package extract

import (
	"strings"
	"unicode"

	"github.com/memsvc/memsvc/text/lazyre"
)

// Conversation context: a short answer means something only together with the question
// before it ("Where are you based?" — "Edinburgh, mostly."), and "His name is Bruno" names the
// puppy introduced one sentence earlier. These helpers rebuild such statements in the first
// person, so the ordinary rules can read them.

// answerRule maps an assistant question onto a first-person template for a short answer;
// %s is the answer and, for favourites, %t is the thing asked about.
type answerRule struct {
	question *lazyre.Regexp
	template string
}

var answerRules = []answerRule{
	{lazyre.New(`where are you (?:based|located)`), "I'm based in %s"},
	{lazyre.New(`where (?:are you|do you) (?:live|living|staying)|where do you call home`), "I live in %s"},
	{lazyre.New(`where are you from|where do you come from|where did you grow up`), "I'm from %s"},
	{lazyre.New(`where do you work|who do you work for|which company`), "I work at %s"},
	{lazyre.New(`what do you do(?: for (?:a living|work))?\?|what(?:'s| is) your (?:job|profession|occupation)`), "I work as %s"},
	{lazyre.New(`how old are you`), "I'm %s"},
	{lazyre.New(`\bany (?:food |known |other )?allerg|are you allergic|do you have (?:any )?(?:food )?allerg`), "I'm allergic to %s"},
	{lazyre.New(`what(?:'s| is) your name|what should i call you|who am i (?:talking|speaking) (?:to|with)`), "my name is %s"},
	{lazyre.New(`what(?:'s| is) your favou?rite (\w+(?: \w+)?)\?`), "my favourite %t is %s"},
}

var (
	answerQualifierRe = lazyre.New(`(?i)(?:,?\s+(?:mostly|mainly|i guess|i think|these days|now|currently|for now|at the moment|actually))+[.!]*$`)
	noAnswerRe        = lazyre.New(`(?i)^(?:no|none|nope|not really|nothing|n/a|yes|yeah|yep|sure|ok|okay)\b`)
)

// lastQuestion returns the last question asked in an assistant turn, lowercased, or "".
func lastQuestion(content string) string {
	q := ""
	if !strings.Contains(content, "?") {
		return q
	}
	for _, line := range proseLines(content) {
		for _, s := range sentences(line) {
			if strings.HasSuffix(s, "?") {
				q = strings.ToLower(s)
			}
		}
	}
	return q
}

// answerClause rebuilds a short answer to question as a first-person statement, or returns "".
func answerClause(question, answer string) string {
	a := strings.TrimSpace(answerQualifierRe.ReplaceAllString(stripLead(answer), ""))
	a = strings.TrimRight(a, " .!")
	words := lowerWords(answerHead(a))
	if question == "" || len(words) == 0 || len(words) > maxAnswerWords || strings.HasSuffix(a, "?") ||
		noAnswerRe.MatchString(a) || hasVerb(words) || hasAny(words, firstPerson) {
		return ""
	}
	for _, r := range answerRules {
		m := r.question.FindStringSubmatch(question)
		if m == nil {
			continue
		}
		if strings.HasSuffix(r.template, "as %s") && len(words) > 4 {
			return "" // a job title is short: "night shifts at a warehouse" is no "work as"
		}
		out := strings.Replace(r.template, "%s", withoutTemplatePrep(r.template, a), 1)
		if len(m) > 1 {
			out = strings.Replace(out, "%t", m[1], 1)
		}
		if strings.HasSuffix(r.template, "as %s") && !strings.HasPrefix(strings.ToLower(a), "a") {
			out = strings.Replace(r.template, "%s", article(a), 1)
		}
		return out
	}
	return ""
}

var (
	introducedRe  = lazyre.New(`(?i)\b(?:got|adopted|have|has|had|bought|rescued|welcomed|found)\s+(?:a|an|our|my|the)\s+(?:new\s+|little\s+|baby\s+|rescue\s+|\w+\s+)?(puppy|dog|cat|kitten|bird|parrot|rabbit|bunny|hamster|horse|pony|fish|turtle|tortoise|lizard|snake|baby|son|daughter|boy|girl)\b`)
	introNouns    = set(`puppy dog cat kitten bird parrot rabbit bunny hamster horse pony fish turtle tortoise lizard snake baby son daughter boy girl`)
	pronounNameRe = lazyre.New(`(?i)^(?:his|her|its|their)\s+name\s+is\s+(.+)$|^(?:he|she|it)(?:'s|\s+is)\s+(?:called|named)\s+(.+)$`)
)

// subjectDroppedRe finds a clause that opens on its verb, as chat drops the "I": "also got
// a dog last week". Its subject is the speaker.
var subjectDroppedRe = lazyre.New(`(?i)^(?:(?:and|also|just|finally|recently)\s+)*(?:got|adopted|bought|rescued|welcomed|found)\s`)

// resolvePronounName rewrites "His name is Bruno" into "my puppy's name is Bruno" when the
// previous clause introduced the puppy; introduced is updated with the clause's own newcomer.
func resolvePronounName(clause string, introduced *string) string {
	out := clause
	if *introduced != "" {
		if m := pronounNameRe.FindStringSubmatch(strings.TrimSpace(clause)); m != nil {
			name := m[1] + m[2]
			out = "my " + *introduced + "'s name is " + name
		}
	}
	*introduced = ""
	words := lowerWords(clause)
	if !hasAny(words, introNouns) || !hasAny(words, firstPerson) && !subjectDroppedRe.MatchString(clause) {
		return out
	}
	if m := introducedRe.FindStringSubmatch(clause); m != nil {
		*introduced = strings.ToLower(m[1])
	}
	return out
}

var (
	prefVerbs    = `like|likes|love|loves|hate|hates|enjoy|enjoys|prefer|prefers|dislike|dislikes|adore|adores|eat|eats|drink|drinks|stand`
	prefObjectRe = lazyre.New(`(?i)\b(?:` + prefVerbs + `)\s+(.+?)[.!]*$`)
	prefStems    = []string{"lik", "lov", "hat", "enjoy", "prefer", "ador", "eat", "drink", "stand"}
	prefItRe     = lazyre.New(`(?i)\b(` + prefVerbs + `)\s+(?:it|them)\b`)
)

// opinionTurnRe finds a changed opinion of a thing, which a liking after it points back
// at: "come around on olives", "warmed up to jazz". Group 1 is the thing.
var opinionTurnRe = lazyre.New(`(?i)\b(?:come|came) around (?:on|to)\s+(.+?)[.!]*$|\bwarm(?:ed|ing)? (?:up )?to\s+(?:the idea of\s+)?(.+?)[.!]*$|\bchanged (?:my|our) mind (?:about|on)\s+(.+?)[.!]*$`)

// opinionTurned returns the thing of a changed opinion in clause, of at most four
// words, or "".
func opinionTurned(clause string) string {
	m := opinionTurnRe.FindStringSubmatch(clause)
	if m == nil {
		return ""
	}
	for _, g := range m[1:] {
		if g != "" && len(strings.Fields(g)) <= 4 {
			return g
		}
	}
	return ""
}

// resolvePrefPronoun rewrites "my husband loves it" into "my husband loves spicy food" when
// the clause before was a preference about spicy food; object carries the last such object.
func resolvePrefPronoun(clause string, object *string) string {
	out := clause
	if *object == "" {
		// nothing to refer back to
	} else if loc := prefItRe.FindStringSubmatchIndex(clause); loc != nil {
		out = clause[:loc[3]] + " " + *object + clause[loc[1]:]
	}
	*object = ""
	if thing := opinionTurned(out); thing != "" {
		*object = thing // "I've come around on olives, I like them now": them is the olives
		return out
	}
	if !containsAny(strings.ToLower(out), prefStems) {
		return out
	}
	if m := prefObjectRe.FindStringSubmatch(out); m != nil && !prefItRe.MatchString(out) && len(strings.Fields(m[1])) <= 4 {
		*object = m[1]
	}
	return out
}

// hasVerb reports whether words contain something that looks like a finite verb. It is a
// heuristic: auxiliaries and modals, past forms, a word after a subject pronoun, or a
// third-person form after a noun ("my brother works").
func hasVerb(words []string) bool {
	for i := range words {
		if verbAt(words, i) {
			return true
		}
	}
	return false
}

// verbAt reports whether words[i] looks like a finite verb, by hasVerb's heuristic.
func verbAt(words []string, i int) bool {
	w := words[i]
	switch {
	case finiteAux[w], irregularPast[w], modals[w]:
		return true
	case len(w) > 3 && strings.HasSuffix(w, "ed"):
		return true
	case i > 0 && subjectPronouns[words[i-1]]:
		return true
	case i >= 2 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "'s") && !strings.HasSuffix(w, "ss"):
		return true
	}
	return false
}

var finiteAux = set(`am is are was were be been has have had do does did i'm i've i'll i'd we're we've we'll we'd
don't doesn't didn't can't won't isn't aren't wasn't weren't haven't hasn't it's that's there's`)

var subjectPronouns = set(`i we you he she they it`)

var (
	// kinRe finds a relative the speaker introduces: "my brother", "my mum".
	kinRe = lazyre.New(`(?i)\b(?:my|(?:i|we) (?:have|got|met) an?(?: new)?)\s+(` + kinNouns + `)\b`)
	// heSheRe starts a clause whose subject is a pronoun: "He just moved to Denver". "They"
	// agrees only with several relatives, which only a question carries (kinAsked).
	heSheRe = lazyre.New(`(?i)^(he|she|his|her|they|their)(\s+|'s\s+|'re\s+)`)
	maleKin = set(`brother father dad son husband boyfriend uncle grandpa grandfather nephew`)
)

// kinNouns are the relatives (and pets) a pronoun may point back at; the gender of each is
// read by kinAgrees.
const kinNouns = `brother|father|dad|son|husband|boyfriend|uncle|grandpa|grandfather|nephew|sister|mother|mom|mum|daughter|wife|girlfriend|aunt|grandma|grandmother|niece|partner|spouse|cousin|kid|child|dog|cat|puppy|kitten`

// resolveKinPronoun rewrites "He just moved to Denver" into "my brother just moved to
// Denver", and "her name is Mia" into "my girlfriend's name is Mia", when the turn named
// one relative of that gender just before ("I went climbing with my brother.", "I have a
// new girlfriend"); kin carries that relative from clause to clause. Two relatives
// named in one clause make the pronoun ambiguous, so nothing is carried.
func resolveKinPronoun(clause string, kin *string) string {
	out := clause
	kinWord, name, _ := strings.Cut(*kin, " ")
	if m := heSheRe.FindStringSubmatch(clause); m != nil && *kin != "" && kinAgrees(kinWord, m[1]) && !passingState(m[2], clause[len(m[0]):]) {
		verb := " "
		switch {
		case strings.EqualFold(m[1], "their"):
			verb = "' " // "their shop is in Porto": my parents' shop
		case strings.EqualFold(m[1], "his") || strings.EqualFold(m[1], "her"):
			verb = "'s " // "her name is Mia": my girlfriend's name
		case strings.HasPrefix(m[2], "'s"):
			verb = " is "
		case strings.HasPrefix(m[2], "'re"):
			verb = " are "
		}
		out = "my " + *kin + verb + clause[len(m[0]):]
	} else if said := kindSaidRe.FindStringSubmatch(strings.TrimPrefix(clause, name)); name != "" && strings.HasPrefix(clause, name+" ") && said != nil {
		*kin = strings.ToLower(said[1]) + " " + name // "Biscuit is a cat": the kind carried was a guess
		return clause
	} else if name != "" && strings.HasPrefix(clause, name+" ") && !kinRe.MatchString(clause) {
		out = "my " + *kin + clause[len(name):] // "Mia quit ballet", Mia being the daughter named before
	}
	switch found := kinRe.FindAllStringSubmatchIndex(clause, -1); {
	case len(found) == 1:
		*kin = strings.ToLower(clause[found[0][2]:found[0][3]]) + kinName(clause[found[0][1]:])
	case len(found) > 1:
		*kin = ""
	}
	return out
}

// kindSaidRe follows a name with what kind of relative or pet it is: " is a cat, not a
// dog", " is actually my niece". The kind carried from the turn before (often the
// assistant's guess, "How is your dog Biscuit?") gives way to it. Group 1 is the kind.
var kindSaidRe = lazyre.New(`(?i)^\s+(?:is|was)\s+(?:actually\s+|really\s+)?(?:a|an|my|our)\s+(` + kinNouns + `)\b`)

// passingState reports a pronoun's predicate that says how someone is for the moment:
// "she's good", "he is doing great". Read as the speaker's own ("I'm good") it is a mood
// the skip rules drop; given the relative's name it would be kept as a fact.
func passingState(joint, pred string) bool {
	if !strings.HasPrefix(joint, "'") {
		rest := copulaLeadRe.ReplaceAllString(pred, "")
		if rest == pred {
			return false // "she retired in March": no state at all
		}
		pred = rest
	}
	said := "i'm " + strings.TrimRight(pred, " .!,")
	return transRe.MatchString(said) || trivialRe.MatchString(said) || praiseRe.MatchString(pred)
}

// copulaLeadRe is the copula a pronoun's predicate opens with: "she is doing great".
var copulaLeadRe = lazyre.New(`(?i)^(?:is|are|was|were)\s+`)

// praiseWords are the words of praise a clause may end on and say nothing more: "…, it's
// so good", "she's adorable".
const praiseWords = `good|great|amazing|fun|addictive|brilliant|awesome|incredible|fantastic|gripping|hilarious|beautiful|lovely|cute|adorable|sweet|gorgeous`

// praiseRe is a predicate of praise alone: "so adorable", "really sweet".
var praiseRe = lazyre.New(`(?i)^(?:(?:so+|really|very|pretty|super|actually|honestly|just|such)\s+)*(?:` + praiseWords + `)\s*[.!]*$`)

// kinName returns " Priya" when what follows a kin word names the relative ("my sister
// Priya just turned 30"), so that "she" later in the turn is the same "sister Priya".
func kinName(after string) string {
	after = namedLeadRe.ReplaceAllString(strings.TrimSpace(after), "") // "a cat named Biscuit"
	w, _, _ := strings.Cut(after, " ")
	w = strings.TrimRight(w, ",.!?;:")
	if len(w) < 2 || !unicode.IsUpper(rune(w[0])) || !unicode.IsLower(rune(w[1])) || notKinName[strings.ToLower(w)] {
		return ""
	}
	for _, r := range w {
		if !unicode.IsLetter(r) {
			return ""
		}
	}
	return " " + w
}

// namedLeadRe opens the name given after a kin word: "a cat named Biscuit", "a son called Theo".
var namedLeadRe = lazyre.New(`^(?:named|called)\s+`)

// notKinName are capitalised words after a kin word that name no one.
var notKinName = set(`is was has and but who just also lives works`)

var (
	// homeBoughtRe finds a home the speaker got in a named place: "bought a house in York".
	homeBoughtRe = lazyre.New(`\b(?:bought|rented|found|got|leased|purchased|closed on|signed (?:a|the) lease (?:on|for)) (?:a|an|our|my|the|their|his|her) (?:[\w-]+ ){0,2}?(?:house|home|flat|apartment|place|condo|townhouse|cottage|bungalow|studio|loft) in ([A-Z][\w-]*(?: [A-Z][\w-]*){0,2})`)
	// movedInRe finds a move that names no place: "moved in last week", "moved in there".
	movedInRe = lazyre.New(`(?i)\b(moved|moving|move) in\b(?: there\b)?`)
	// movedInWithRe is a move in with someone or into something named: no place to borrow.
	movedInWithRe = lazyre.New(`(?i)\bmoved in\s+(?:with|to|together|at)\b`)
)

// resolveMovedIn rewrites "we moved in last week" into "we moved to York last week" when
// an earlier clause of the turn got a home in York ("We bought a house in York and moved
// in last week"); home carries that place from clause to clause.
func resolveMovedIn(clause string, home *string) string {
	out := clause
	if *home != "" && !movedInWithRe.MatchString(clause) {
		if loc := movedInRe.FindStringSubmatchIndex(clause); loc != nil {
			out = clause[:loc[0]] + clause[loc[2]:loc[3]] + " to " + *home + clause[loc[1]:]
		}
	}
	if m := homeBoughtRe.FindStringSubmatch(clause); m != nil {
		*home = m[1]
	}
	return out
}

var (
	// roleNamedRe finds a person named by their role to the speaker: "my manager is Priya",
	// "my mentor, Dana", "Tom is my boss". Groups 2 and 3 hold the name.
	roleNamedRe = lazyre.New(`\b(?:[Mm]y|[Oo]ur) (?:new |current |old )?(?:` + roleNouns + `)(?:,| is| was)? ([A-Z][a-z]+)\b|\b([A-Z][a-z]+) (?:is|was) (?:my|our) (?:new |current |old )?(?:` + roleNouns + `)\b`)
	// pairedNamedRe finds one person named beside the speaker: "Marco and I got married",
	// "me and Jake went climbing". Groups 1 and 2 hold the name.
	pairedNamedRe = lazyre.New(`\b([A-Z][a-z]+) and I\b|\b(?:I|[Mm]e) and ([A-Z][a-z]+)\b`)
	// pronounLeadRe starts a clause whose subject is a third-person pronoun.
	pronounLeadRe = lazyre.New(`(?i)^(he|she)(\s+|'s\s+)`)
)

// roleNouns are the people one names by their role to the speaker.
const roleNouns = `manager|boss|lead|team lead|tech lead|mentor|colleague|coworker|co-worker|teammate|friend|best friend|neighbou?r|landlord|landlady|roommate|flatmate|housemate|doctor|therapist|teacher|coach|tutor|trainer|cofounder|co-founder|advisor|adviser|client`

// resolveNamedPronoun rewrites "she's based in Toronto" into "Priya is based in Toronto"
// when the clause before named one person by their role ("My manager is Priya") or beside
// the speaker ("Marco and I got married. He's my husband now"): the
// pronoun's only candidate. Without it the clause would be dropped (a pronoun names no
// one) or read as the speaker's. named carries the name from clause to clause; a clause
// naming no one, or two, leaves nobody to point at.
func resolveNamedPronoun(clause string, named *string) string {
	out := clause
	if m := pronounLeadRe.FindStringSubmatch(clause); m != nil && *named != "" {
		verb := " "
		if strings.HasPrefix(m[2], "'s") {
			verb = " is "
		}
		out = *named + verb + clause[len(m[0]):]
	}
	found := roleNamedRe.FindAllStringSubmatch(clause, -1)
	found = append(found, pairedNamedRe.FindAllStringSubmatch(clause, -1)...)
	switch {
	case len(found) == 1 && (*named == "" || out != clause):
		*named = found[0][1] + found[0][2]
	default:
		*named = "" // "My manager is Priya and my lead is Tom. She …": which one?
	}
	return out
}
