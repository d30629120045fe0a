package extract

import (
	"strings"

	"github.com/memsvc/memsvc/text"
	"github.com/memsvc/memsvc/text/lazyre"
)

// Reasons a clause carries no durable fact. They are returned by skipReason for tests and
// debugging; the empty string means the clause is kept.
const (
	skipEmpty        = "empty"
	skipTrivial      = "greeting, thanks or acknowledgement"
	skipFiller       = "assistant filler"
	skipQuestion     = "question"
	skipHypothetical = "hypothetical or conditional"
	skipTransient    = "transient state"
	skipRequest      = "request to the assistant"
	skipImpersonal   = "not about the speaker"
	skipCodeIntro    = "introduces code or output"
	skipReport       = "past-tense report in agent memory"
	skipFragment     = "fragment without a verb"
	skipTooLong      = "too long to be one fact"
	skipAddressed    = "speaks to the listener"
	skipNarration    = "the assistant's own next step"
)

var (
	leadRe = lazyre.New(`(?i)^(?:(?:(?:quick |friendly |just a |a )?reminder(?: that)?|no worries|no problem|no rush|yes please|ok please|sure please|oh|ah|well|so|sorry|oops|and|but|also|plus|then|anyway|anyways|actually|btw|by the way|yes|yeah|yea|ya|yep|yup|omg|nah|ugh|meh|welp|lmao|ngl|tbf|fwiw|aww|yay|ooh|whoa|dang|gosh|yikes|oof|no|nope|ok-?ish|okay-?ish|good-?ish|fine-?ish|so-so|ok|okay|sure|right|hey|hi|hello|haha+|lol|wow|nice|great|cool|awesome|honestly|basically|fyi|just so you know|just to let you know|for the record|for context|like i said|as i said|like i mentioned|as i mentioned|as i told you|like i told you|remember that|please remember that|note that|please note that|keep in mind that|don't forget that|fun fact|big news|good news|guess what|these days|nowadays|currently|now|at the moment|right now|funny enough|as it happens|in fact|you know what|to be honest|tbh|heads up|quick context|for context|not anymore|not any more|good catch|nice catch|good point|nvm|never mind|nevermind|scratch that|no wait|wait no|on second thought|on second thoughts|changed my mind|again)\b[,!.:]*(?:\s*[—–])?\s+|` + replyOpeners + `\s*(?:[,!:]|\s[—–-])\s*)+`)

	// unknownOnlyRe is a turn that only says the speaker knows of nothing: "not that I know
	// of", "not as far as I know". After "Any allergies?" it is a no, and a no carries no fact;
	// read as a statement it was one ("Not that User knows of").
	unknownOnlyRe = lazyre.New(`(?i)^(?:(?:no|nope|nah)[,.]?\s*)?(?:not that i know of|not that i'm aware of|not that i am aware of|none that i know of|not as far as i know)\s*[.!]*$`)
	// replyOpeners are the words a reply opens on that are a clause of their own only before
	// a comma or a dash ("Good, the commute is short now", "fine — I'll take the train");
	// without one they open the statement ("good coffee matters to me").
	// A news opener ("update, physio now allows 60km", "quick one: my sister…") is one too:
	// without its comma "update the README" is a request, not a lead-in.
	replyOpeners = `(?:good|fine|alright|all right|all good|not bad|exactly|true|totally|definitely|for sure|thanks|thank you|cheers|` +
		`(?:a |an |another |quick |small |little |big |status |tiny )?(?:update|news)|one more thing|` +
		`(?:quick|small|little|tiny) (?:one|thing|question|q))`
	trivialRe    = lazyre.New(`(?i)^(?:hi|hello|hey|hiya|yo|howdy|hi there|hey there|hello there|good (?:morning|afternoon|evening|night)|morning|thanks?(?: you)?(?: (?:so|very) much| a lot| a ton| again| for (?:asking|your help|the help|that|everything))*|thank you.*|thx|ty|cheers|appreciate it|much appreciated|you're welcome|you are welcome|no problem|no worries|np|ok|okay|k|sure(?: thing)?|yes|yeah|yep|no|nope|cool|great|nice|awesome|perfect|got it|sounds good|makes sense|bye|goodbye|see you.*|lol|haha+|wow|oh|hmm+|right|exactly|indeed|of course|certainly|absolutely|i see|i understand|i agree|i know|i think so|i guess(?: so)?|i mean|i'm (?:fine|good|ok|okay|well|great|doing (?:great|well|good|fine|ok)(?:,? thanks(?: for asking)?)?)|will do|done|that's (?:great|good|nice|awesome|helpful|super helpful|perfect|it|all|fine|right|true|interesting)|that was .*helpful.*|this is (?:great|helpful|perfect)|me too|same here|same|agreed|fair enough|good to know|nice to meet you|pleased to meet you)$`)
	fillerRe     = lazyre.New(`(?i)^(?:sure|certainly|of course|absolutely|great question|good question|happy to help|glad to help|i'd be (?:happy|glad) to|i would be (?:happy|glad) to|here's|here is|here are|let me know|i hope this helps|hope this helps|feel free to|as an ai|i'm an ai|i am an ai|i can help|i can't help|i cannot help|let me|allow me|you're welcome|you are welcome|no problem|my pleasure|below is|the following|in summary|to summarize|i recommend|i suggest|i'd recommend|i would recommend|you can|you could|you might|you may|you should|if you|great|good luck|enjoy|i'm glad|i am glad|i'm sorry|i am sorry|i understand|that's a great|that sounds)\b`)
	hypoPhraseRe = lazyre.New(`(?i)\b(?:thinking about|thinking of|not sure|can't decide|cannot decide|in case|i think i'll|i think i will|i guess i'll|(?:i|we) (?:dreamed|dreamt|had a dream)|in my dream)\b`)
	// nearMissRe marks what almost happened and so did not: "I almost moved to Paris".
	nearMissRe  = lazyre.New(`(?i)\b(?:almost|nearly)\s+(?:\w+ed|got|went|took|quit|left|bought|sold|made|became|began|ran|gave|won|lost)\b`)
	shouldRe    = lazyre.New(`(?i)\b(?:should|ought to|need to decide)\b`)
	modalMay    = lazyre.New(`(\w+\s+)?\bmay\b(\s+\d)?`) // lowercase only: "May" mid-sentence is the month
	transRe     = lazyre.New(`(?i)^(?:i'm|i am|we're|we are)\s+(?:(?:so|very|really|a bit|kind of|pretty|super|just|quite|a little|still|currently|now|also|totally|not)\s+)*(?:tired|exhausted|hungry|thirsty|sleepy|bored|busy|sick|ill|stressed|excited|happy|sad|upset|angry|annoyed|confused|stuck|lost|curious|back|here|ready|done|finished|fine|good|ok|okay|well|great|sorry|glad|afraid|running late|late|on my way|home|at work|in a meeting|looking|trying|working on|wondering|thinking|about to|getting|having trouble|struggling|feeling|waiting|going to bed|off|out|away|free|available|around|in the middle of|writing|reading|watching|listening|playing|eating|cooking|sitting)\b`)
	needRe      = lazyre.New(`(?i)^(?:i|we)\s+(?:just\s+)?(?:need|want|would like|have|got)\s+(?:(?:a|some|one|another|quick|small|little|few)\s+)*(?:help|question|questions|favou?r|assistance|advice|idea|suggestion|suggestions|to know|you to)\b`)
	agentProcRe = lazyre.New(`(?i)\b(?:always|never|from now on|going forward|by default|make sure|be sure|every time|whenever|don't|do not|must|should|prefer|convention|rule)\b`)
	statusRe    = lazyre.New(`(?i)^(?:it|this|that|everything|nothing)(?:'s|\s+is|\s+was)?\s+(?:still\s+|now\s+|just\s+)?(?:works?|worked|runs?|ran|fails?|failed|pass(?:es|ed)?|breaks?|broke|compiles?|compiled|builds?|crash(?:es|ed)?|hangs?|hung|fine|broken|working|failing|passing)\b`)
	dateRangeRe = lazyre.New(`(?i)\bfrom\b.+\b(?:to|until|till|through)\b|\bbetween\b.+\band\b`)
	ratherRe    = lazyre.New(`(?i)\b(?:i'd|we'd|would)\s+(?:much\s+)?rather\b`)
	condWords   = set(`if unless suppose supposing assuming imagine`)
	condProcRe  = lazyre.New(`(?i)^(?:if|when|whenever|before|after|once|unless)\b[^,]+,\s*(?:please\s+)?(\w+)`)
)

// waitLeadRe is "Wait," opening a clause: a pause before a correction ("Wait, the flight
// is actually on May 9"). Only with its comma is it a lead-in; "wait for me" is a verb.
var waitLeadRe = lazyre.New(`(?i)^wait[,!]+\s+`)

// maxClauseBytes bounds the clauses read: longer ones are run-ons or pasted data, not one fact,
// and skipping them keeps the cost of a turn bounded.
const maxClauseBytes = 500

// stripLead removes interjections and lead-ins that carry no content ("Oh, ", "Just so you
// know, ", "Remember that ").
func stripLead(s string) string {
	s = waitLeadRe.ReplaceAllString(strings.TrimSpace(s), "")
	if m := hedgeLeadRe.FindStringSubmatchIndex(s); m != nil {
		s = s[m[2]:] // "i guess that works": the hedge is no verb of the speaker's ("User guesses")
	}
	first, _, _ := strings.Cut(s, " ")
	if !leadFirstWords[strings.ToLower(strings.TrimRight(first, ",!.:"))] || bareNo(s) || saidForeignNegative(s) || noOneRe.MatchString(s) {
		return strings.TrimSpace(s)
	}
	return strings.TrimSpace(leadRe.ReplaceAllString(s, ""))
}

// hedgeLeadRe is a hedge before a clause with its own subject: "i guess that works", "I
// suppose we'll see". Before a bare noun ("I guess fried chicken is…") it stays, or
// the noun's first word would be read as a verb whose subject was dropped. Group 1 is
// the clause.
var hedgeLeadRe = lazyre.New(`(?i)^i\s+(?:guess|suppose)\b,?\s+((?:i|i'm|im|i've|we|we're|that|that's|it|it's|its|this|my|our|so|but)\b.*)$`)

// noOneRe opens a clause on "no one", whose "no" is its subject, no reply: stripped, "no
// one wants to come" would say the opposite.
var noOneRe = lazyre.New(`(?i)^no(?:\s+|-)one\b`)

// leadFirstWords are the first words of the lead-ins leadRe removes; other clauses skip it.
var leadFirstWords = set(`reminder friendly a oh ah well so sorry oops and but also plus then anyway anyways actually btw by yes yeah yea ya yep yup no nope
omg nah ugh meh welp lmao ngl tbf fwiw aww yay ooh whoa dang gosh yikes oof
ok okay ok-ish okish okay-ish okayish good-ish goodish fine-ish fineish so-so sure right hey hi hello lol wow nice great cool awesome honestly basically fyi just for remember please note
keep don't fun big good guess these nowadays currently now at funny as in you to tbh like haha hahaha hahahaha
heads quick not nvm never nevermind scratch wait on changed again fine alright all exactly true totally definitely thanks thank cheers
update news one another small little status tiny`)

// clauseInfo describes a clause for the skip rules.
type clauseInfo struct {
	text      string // the clause after stripLead
	role      string
	agent     bool
	words     []string // lowercase words without punctuation
	firstP    bool     // mentions the speaker (I, my, we, …)
	tense     tense
	imperativ bool
	slots     *SlotMemo // the request's memo of SlotOf, or nil
}

func newClauseInfo(text, role string, agent bool) clauseInfo {
	ci := clauseInfo{text: text, role: role, agent: agent, words: lowerWords(withoutInitialStops(text))}
	for _, w := range ci.words {
		if firstPerson[w] {
			ci.firstP = true
			break
		}
	}
	ci.tense = detectTense(ci.words)
	ci.imperativ = !strings.HasPrefix(text, "`") && isImperative(lowerWords(withoutIntro(text))) // "`make dev` starts…" names a command
	return ci
}

// initialsRe finds initials closed by full stops: "U.S.", "D.C.".
var initialsRe = lazyre.New(`\b(?:[A-Za-z]\.){2,}`)

// withoutInitialStops writes initials without their stops ("U.S." → "US") for the skip rules,
// which read words: split at each stop, "U.S." would be "u" and "s", and chat's "u" is "you".
func withoutInitialStops(s string) string {
	return initialsRe.ReplaceAllStringFunc(s, func(m string) string { return strings.ReplaceAll(m, ".", "") })
}

// canonicalUserRe finds a clause that opens with the name the service gives the user.
var canonicalUserRe = lazyre.New(`^User(?:'s)?\s`)

// userNote reports an agent's note about the user, which names them as the service does:
// "User is allergic to peanuts" is as much about the speaker as "I'm allergic to peanuts".
func userNote(ci clauseInfo) bool {
	return canonicalUserRe.MatchString(ci.text)
}

// skipReason returns why the clause carries no durable fact, or "" to keep it.
func skipReason(ci clauseInfo) string {
	t := strings.TrimRight(ci.text, " .!")
	if len(ci.words) < 2 {
		return skipEmpty
	}
	if len(t) > maxClauseBytes {
		return skipTooLong
	}
	if trivialRe.MatchString(strings.TrimRight(t, " ,!.?")) || unknownOnlyRe.MatchString(t) {
		return skipTrivial
	}
	if ci.role == "assistant" && fillerRe.MatchString(t) {
		return skipFiller
	}
	if strings.HasSuffix(t, ":") {
		return skipCodeIntro
	}
	if isQuestion(t, ci.words) {
		return skipQuestion
	}
	if r := hypothetical(ci); r != "" {
		return r
	}
	if statusRe.MatchString(t) {
		return skipTransient // "it runs fine on my machine": how the task is going
	}
	if (transRe.MatchString(t) && !workInProgressRe.MatchString(t) && !lastingGoalRe.MatchString(t) && !lifeEventRe.MatchString(t) && !backAtOrgRe.MatchString(t) && !backToAmount(t) && !backOnThing(t) || needRe.MatchString(t)) && !(dateRangeRe.MatchString(t) && hasDateCue(t)) && !plannedAbsence(t) {
		return skipTransient // "I'm off from Dec 20 to Jan 3" is a plan, not a mood
	}
	if ci.agent {
		return agentSkip(ci)
	}
	if ci.imperativ && !strings.HasPrefix(strings.ToLower(t), "call me") {
		if ci.role == "user" && standingInstruction(ci) {
			return "" // "never push to main": a standing instruction, not a request
		}
		return skipRequest
	}
	if !ci.firstP || ci.words[0] == "you" {
		if danglingObject(ci.words) {
			return skipFragment // "the default_tags block covers it": covers what was said before
		}
		if ci.role == "user" && (standingInstruction(ci) || workRule(ci) || !ci.firstP && (projectStatement(ci) || userNote(ci))) {
			return "" // "whenever you touch the schema, …", "Dana owns the auth service"
		}
		return skipImpersonal
	}
	if pointerSubjects[ci.words[0]] && !hasAny(ci.words, speakerWords) {
		return skipImpersonal // "It's special to me", "That made me cry": the speaker is only the object
	}
	if len(ci.words) > 1 && (irregularPast[ci.words[0]] || regularPast(ci.words[0])) && (ci.words[1] == "me" || ci.words[1] == "us") {
		return skipFragment // "took me 3 tries": its subject is in a sentence before
	}
	if pointerObjectRe.MatchString(t) || bareChangeRe.MatchString(t) || bareQuantity(ci.words) {
		return skipFragment // "I figured it out", "we switched last sprint": what was said before
	}
	if !hasVerb(ci.words) && !pluralVerbRe.MatchString(strings.ToLower(t)) && !ownPluralVerb(ci.words) {
		return skipFragment // "our deploys go out on Tuesdays" has a verb after a plural
	}
	if addressesListener(ci.words) {
		return skipAddressed
	}
	return ""
}

// ownPluralVerb reports a plural subject the speaker owns and its verb in the base form:
// "my kids eat chicken", "our twins play football". The verb is known by its third
// person ("eats"), which the verb rules read.
func ownPluralVerb(words []string) bool {
	if len(words) < 3 || words[0] != "my" && words[0] != "our" {
		return false
	}
	for i := 1; i < len(words)-1 && i <= 3; i++ {
		if strings.HasSuffix(words[i], "s") || words[i] == "children" {
			v := words[i+1]
			if adverbs[v] && i+2 < len(words) {
				v = words[i+2]
			}
			return !strings.HasSuffix(v, "s") && likelyVerb(v+"s")
		}
	}
	return false
}

// workInProgressRe finds a progressive whose object is a work the speaker is in the middle
// of: a named one ("I'm reading Dune", "we're watching Severance") or a long piece of their
// own ("I'm writing my thesis"). It holds for weeks, unlike "I'm reading the docs" or "I'm
// cooking"; transRe drops those as passing.
// backAtOrgRe: "I'm back at Stripe": back at a place named, as an employer is, is a
// change of job, not where one is for the moment ("I'm back at home", "back at the hotel").
// backToAmountRe: "I'm back to 6 hours a night": an amount returned to, which is where
// the amount now stands, not a passing state as "I'm back" is.
var backToAmountRe = lazyre.New(`^(?i:i'm|i am|we're|we are)\s+(?:(?:now|finally|already|just)\s+)?(back .*)`)

// backToRe: "back to 6 hours", "back down to $40 a month", "up to 30 laps a session",
// "down to three cigarettes a day": the number, in digits or in words, and the word
// after it, which must be a unit. "Back to 100%" (no word), "back to 9 to 5", "back to 2019 when
// I lived in Berlin" name no amount.
var backToRe = lazyre.New(`(?i)^(?:back(?: down| up)?|up|down) to (?:\$?\d[\d,.]*k?|` + numberWordPattern + `) ([a-z]+)\b`)

// notUnits are words after a number that say it counts nothing.
var notUnits = set(`to and or when where after before in at on with from the a of for as till until than i we am pm`)

// returnedAmount reports a clause starting "back to" (or "up to", "down to") an amount of
// a unit: where the amount stands now, said without its subject.
func returnedAmount(clause string) bool {
	m := backToRe.FindStringSubmatch(clause)
	if m == nil || notUnits[strings.ToLower(m[1])] {
		return false
	}
	// "up to 10 people" may be a limit, not where one stands: only with "now" or a rate
	// ("up to 30 laps a session now", "down to 2 coffees a day") is it the amount reached.
	back := strings.HasPrefix(strings.ToLower(clause), "back")
	return back || nowOrRateRe.MatchString(clause)
}

// nowOrRateRe finds "now" or a rate an amount is given per: "a day", "per week".
var nowOrRateRe = lazyre.New(`(?i)\b(?:now|(?:a|an|per|each|every) (?:day|night|week|month|year|session|run|workout))\b`)

// backToAmount reports "I'm back to 6 hours a night" (backToAmountRe, returnedAmount).
func backToAmount(t string) bool {
	m := backToAmountRe.FindStringSubmatch(t)
	return m != nil && returnedAmount(m[1])
}

// backOnRe: "I'm back on regular coffee": what one takes or uses, returned to, is a
// change of it, not a passing state as "I'm back" is. Group 1 is what is returned to.
var backOnRe = lazyre.New(`^(?i:i'm|i am|we're|we are)\s+(?i:(?:now|finally|already|just|officially)\s+)?(?i:back on)\s+(.+)$`)

// notBackOnThing are first words after "back on" that make an idiom, not a thing
// returned to: "back on track", "back on my feet", "back on the road".
var notBackOnThing = set(`track schedule it board deck top course form line air here there my our your his her their
the a an this that time budget target`)

// backOnThing reports "I'm back on <something taken or used>" (backOnRe).
func backOnThing(t string) bool {
	m := backOnRe.FindStringSubmatch(strings.TrimRight(t, " .!"))
	return m != nil && !notBackOnThing[strings.ToLower(strings.Fields(m[1])[0])]
}

var backAtOrgRe = lazyre.New(`^(?i:i'm|i am|we're|we are)\s+back at [A-Z][\w&.-]*(?: [A-Z][\w&.-]*){0,2}\s*[.!]*$`)

var workInProgressRe = lazyre.New(`^(?i:i'm|i am|we're|we are)\s+(?i:(?:currently|still|also|now|really|slowly)\s+)*(?i:reading|re-?reading|watching|re-?watching|binge-?watching|writing|playing|listening to)\s+(?:(?:[A-Z][a-z]|[A-Z]\s+[A-Z][a-z])|(?i:(?:my|our)\s+(?:new\s+|first\s+|second\s+|master's\s+|phd\s+)?(?:book|novel|thesis|dissertation|memoir|series|album|cookbook|screenplay)\b|(?:a|an)\s+(?:new\s+|first\s+|second\s+)?(?:novel|thesis|dissertation|memoir|cookbook|screenplay)\b))`)

// habitVerbs make an assistant's "I'll …" a way of working it commits to: "I'll keep using
// pnpm", "I'll stick to tabs".
var habitVerbs = set(`keep stick continue stop`)

// presentPerfectReport reports "I've updated…", "we have fixed…": a report of work done.
func presentPerfectReport(words []string) bool {
	for i := 0; i+1 < len(words); i++ {
		switch words[i] {
		case "i've", "we've":
			return irregularPast[words[i+1]] || regularPast(words[i+1])
		case "have":
			if i > 0 && (words[i-1] == "i" || words[i-1] == "we") {
				return irregularPast[words[i+1]] || regularPast(words[i+1])
			}
		}
	}
	return false
}

// pointerObjectRe finds a first-person clause whose only object points at something said
// before: "I figured it out", "we sorted that out", "I fixed it already".
var pointerObjectRe = lazyre.New(`(?i)^(?:i|we)\s+(?:just\s+|finally\s+|already\s+)?[a-z]+\s+(?:it|that|this|them)(?:\s+(?:out|up|now|already|again|myself|ourselves))?$`)

// bareChangeRe finds a change that names neither what changed nor to what, only when:
// "we switched last sprint" leans on the clause before it ("use pnpm not npm").
var bareChangeRe = lazyre.New(`(?i)^(?:i|we)\s+(?:just\s+|finally\s+|already\s+)?(?:switched|migrated|changed|upgraded|swapped|converted)(?:\s+(?:over|back))?(?:\s+(?:last|this|yesterday|today|recently|earlier|a\s+while\s+ago|a\s+few|two|three|in|on)\b.*)?$`)

// danglingObject reports a clause that ends on a pronoun pointing at something said before
// it ("The default_tags block in the provider covers it", "Marco set it up"): kept alone, the
// fact would not say what it is about. A clause that joins two parts may name the thing
// itself ("Dana owns the auth service and maintains it"), so it is left alone.
func danglingObject(words []string) bool {
	w := words
	for len(w) > 0 && trailingParticles[w[len(w)-1]] {
		w = w[:len(w)-1]
	}
	if len(w) < 3 || !pointerObjectWords[w[len(w)-1]] {
		return false
	}
	return !hasAny(w[:len(w)-1], joiningWords)
}

// bareQuantity reports a clause whose object is an amount of nothing named: "my brother
// has so many" (fans, said in the clause before).
func bareQuantity(words []string) bool {
	n := len(words)
	return n >= 4 && haveVerbs[words[n-3]] && degreeWords[words[n-2]] && quantityWords[words[n-1]]
}

var (
	haveVerbs          = set(`has have had`)
	degreeWords        = set(`so too that`)
	quantityWords      = set(`many much`)
	pointerObjectWords = set(`it this that them`)
	trailingParticles  = set(`out up down in on off over now already again too automatically anyway`)
	joiningWords       = set(`and but or which who whom whose that so because while when where`)
)

// pointerSubjects are subjects that point at something said before.
var pointerSubjects = set(`it it's this that that's these those`)

// speakerWords name the speaker as subject or owner, not as object: "It's my birthday
// tomorrow" is about the speaker, "it's special to me" about something else.
var speakerWords = set(`i i'm i've i'll i'd my mine we we're we've we'll we'd our ours`)

// absenceRe finds the speaker away from work or home on a day ahead: "I'm out next Monday",
// "we're away next week". Today's "I'm off" is how things stand now.
var absenceRe = lazyre.New(`(?i)^(?:i'm|i am|we're|we are)\s+(?:(?:also|going to be)\s+)?(?:off|out|away|on (?:vacation|holiday|leave|pto))\s+(?:next|this coming|on|from|for)\b`)

// lastingGoalRe finds an effort at a habit or a skill that the speaker keeps up, which
// "I'm trying…" would otherwise mark as a mood of the moment: "I'm trying to cut down on
// sugar", "we're trying to save for a house", "I'm trying to learn Spanish". "I'm trying to
// get the build green" stays a moment: its verb is none of these.
var lastingGoalRe = lazyre.New(`(?i)^(?:i'm|i am|we're|we are)\s+(?:(?:really|still|also|now|currently|seriously)\s+)*trying\s+to\s+(?:cut (?:down|back)|eat|drink|lose|gain|quit|give up|save|learn|avoid|reduce|limit|sleep|exercise|get (?:fit|in shape|back into|to \d+)|stop (?:smoking|drinking|vaping|eating)|be (?:more|less))\b`)

// lifeEventRe is a change of the speaker's life said in the progressive, which transRe's
// "getting" (tired, hungry) would take for a mood: "we're getting married next September".
var lifeEventRe = lazyre.New(`(?i)^(?:i'm|i am|we're|we are)\s+(?:(?:finally|actually|officially|also|just)\s+)?getting\s+(?:married|engaged|divorced|hitched)\b`)

// plannedAbsence reports an absence on a named day ahead: a plan, not a passing state.
func plannedAbsence(t string) bool {
	return absenceRe.MatchString(t) && hasDateCue(t) && !strings.Contains(strings.ToLower(t), "today")
}

// addressesListener reports whether a first-person clause speaks to the other person
// ("I hope you enjoy it", "I'm always here for you", "I'll let you know"): what it says
// holds between the two, for the moment, and kept as a fact it would read "you" with no
// one to point at. A "you" inside a reporting frame ("I told you that…") is gone before
// this (leadRe), so the fact the frame introduces is kept.
func addressesListener(words []string) bool {
	return hasAny(words, secondPerson)
}

// secondPerson are the words that point at the listener, chat spellings included.
var secondPerson = set(`you your yours yourself you're you've you'll you'd u ur ya`)

func hypothetical(ci clauseInfo) string {
	if ci.agent && condProcRe.MatchString(ci.text) {
		if m := condProcRe.FindStringSubmatch(ci.text); imperativeVerbs[strings.ToLower(m[1])] {
			return "" // "If the deploy fails, check the dashboard": a conditional procedure
		}
	}
	if !ci.agent && ci.role == "user" && procLeadRe.MatchString(ci.text) && standingInstruction(ci) {
		return "" // "If the deploy fails, check the dashboard": a standing procedure
	}
	if ratherRe.MatchString(ci.text) && !hasAny(ci.words, condWords) || statedWish(ci) {
		return "" // "I'd rather write plain SQL" states a preference, "I'd love to learn pottery" a wish
	}
	if hasAny(ci.words, hypoWords) || hypoPhraseRe.MatchString(ci.text) || hasModalMay(ci.text) || nearMissRe.MatchString(ci.text) {
		return skipHypothetical
	}
	if !ci.agent && shouldRe.MatchString(ci.text) && !workRule(ci) {
		return skipHypothetical
	}
	return ""
}

// hasModalMay reports the modal "may" ("I may go to Spain"): chat writes the month in lower
// case too, and "in may", "next may", "may 3" name it.
func hasModalMay(t string) bool {
	for _, m := range modalMay.FindAllStringSubmatch(t, -1) {
		if m[2] == "" && !monthLeads[strings.ToLower(strings.TrimSpace(m[1]))] {
			return true
		}
	}
	return false
}

// monthLeads are the words before a month's name.
var monthLeads = set(`in on since until till by last next this of early late mid from through`)

// agentSkip keeps what teaches the agent how to work: instructions, conventions, and
// first-person statements of habit or intent; it drops past-tense reports and explanations.
func agentSkip(ci clauseInfo) string {
	switch {
	case ci.imperativ, agentProcRe.MatchString(ci.text), condProcRe.MatchString(ci.text):
		return ""
	case ci.firstP && ci.tense == tensePast:
		return skipReport
	case ci.firstP && ci.role == "assistant" && ci.tense == tenseFuture && !hasAny(ci.words, habitVerbs):
		return skipNarration // "I'll start by reading the config loader": what it does next, not how to work
	case ci.firstP && ci.role == "assistant" && presentPerfectReport(ci.words):
		return skipReport // "I've updated the handler": what it did
	case ci.firstP:
		return ""
	case transientRe.MatchString(ci.text):
		return skipTransient // "the tests in billing are red": how the task stands now
	case ci.role == "assistant":
		return skipImpersonal // explanations, not conventions
	case ci.tense == tensePast:
		return skipReport
	}
	return ""
}

func isQuestion(t string, words []string) bool {
	if strings.HasSuffix(t, "?") {
		return true
	}
	if whWords[words[0]] && len(words) > 1 && (auxStarts[words[1]] || strings.HasSuffix(words[0], "'s")) {
		return true
	}
	return auxStarts[words[0]] && len(words) > 1 && pronounsAfterAux[words[1]]
}

// isImperative reports a clause that starts with a bare verb or an instruction marker.
func isImperative(words []string) bool {
	if len(words) == 0 {
		return false
	}
	w := words[0]
	if w == "please" || w == "always" || w == "never" || w == "don't" || (w == "do" && len(words) > 1 && words[1] == "not") {
		return true
	}
	if w == "make" && len(words) > 1 && words[1] == "sure" {
		return true
	}
	if v := leadVerb(words); v != w {
		return true // "force-push the branch"
	}
	return imperativeVerbs[w] && w != "do" && w != "be" || w == "be" && len(words) > 1 && words[1] != "is"
}

// lowerWords splits s into lowercase words, keeping apostrophes inside words
// ("don't", "i'll"): the tense and imperative rules name contractions.
func lowerWords(s string) []string {
	return text.Words(text.Scan(s, text.Options{Apostrophe: text.KeepApostrophe}))
}

// nowWords make a progressive a state that holds now, not a plan: "we're using
// MySQL now", "I'm currently learning Go".
var nowWords = map[string]bool{"now": true, "currently": true, "nowadays": true}

// detectTense finds the tense of a clause from its first finite verb. "meant" is
// skipped: "I meant Tuesday" corrects what was said, its tense is of the words meant.
func detectTense(words []string) tense {
	for i, w := range words {
		switch {
		case w == "meant":
			continue
		case w == "will" || w == "shall" || w == "i'll" || w == "we'll" || w == "gonna":
			return tenseFuture
		case w == "am" || w == "is" || w == "are" || w == "i'm" || w == "we're":
			if i+1 < len(words) && strings.HasSuffix(words[i+1], "ing") && !hasAny(words, nowWords) {
				return tenseFuture // the progressive mostly states plans: "I'm flying to Tokyo"
			}
			return tensePresent
		case w == "have" || w == "has" || w == "do" || w == "does" || w == "i've" || w == "we've" || w == "don't" || w == "doesn't" || w == "gets":
			return tensePresent
		case i > 0 && (irregularPast[w] || w == "didn't" || len(w) > 4 && strings.HasSuffix(w, "ed") && !strings.HasSuffix(w, "eed") && !notPastEd[w]):
			return tensePast
		}
	}
	return tensePresent
}

// bareNo reports a clause that starts "No" and goes on with a noun, no comma between:
// "No semicolons in TypeScript", "No CSS modules" forbid something (noAsRule), where
// "No, I live in Porto" and "No worries" answer or reassure.
func bareNo(s string) bool {
	w := strings.Fields(strings.TrimSpace(s))
	if len(w) < 2 || !strings.EqualFold(w[0], "no") {
		return false
	}
	next := strings.ToLower(strings.TrimRight(w[1], ",!.:;?"))
	return next != "" && !pronounLike[next] && !leadFirstWords[next] && !noSmallTalk[next]
}

// noSmallTalk are the words after "no" of a reply or reassurance, not a prohibition.
var noSmallTalk = set(`worries worry problem problems thanks thank idea way rush luck need doubt kidding clue
matter offense offence pressure biggie big longer more sir ma'am one i we he she they it`)

// sarcasmRe finds the markers of a sentence that means the opposite of what it says:
// an opening "yeah right" or "sure, because", an eye-roll, a closing "/s". stripLead
// would take "yeah right" for a plain lead-in and keep the words as a fact.
var sarcasmRe = lazyre.New(`(?i)^\W*(?:yeah|yea|ya|oh)?,?\s*(?:right|sure),?\s+because\b|^\W*(?:yeah|yea|ya),?\s+right\b|🙄|(?:^|\s)/s\s*$`)

// sarcastic reports a sentence said in sarcasm, which states no fact.
func sarcastic(sentence string) bool { return sarcasmRe.MatchString(sentence) }
