package extract

import (
	"slices"
	"strings"
	"unicode"

	"github.com/memsvc/memsvc/text/lazyre"
)

// canonFact is one canonical statement derived from a rewritten clause. A state fact (a
// relocation, a new job) records when the state began: its date is written as "since …".
type canonFact struct {
	text  string
	state bool
}

var (
	callMeRe  = lazyre.New(`(?i)^(?:please\s+)?(?:call me|i go by|i'm called|i am called)\s+([\w-]+)$`)
	imNameRe  = lazyre.New(`^(?:I'm|I am|i'm|i am)\s+([A-Z][a-z]+(?:-[A-Z][a-z]+)?)$`)
	imAgeRe   = lazyre.New(`(?i)^(?:i'm|i am|i just turned|i turned)\s+(\d{1,3})$`)
	partnerRe = lazyre.New(`^(.+?) with (\S+(?: \S+)?)'s (husband|wife|partner|boyfriend|girlfriend|fiancée?|fiance) ([A-Z][\w-]+)(.*)$`)
)

const (
	// valueEnd is the last word of a corrected value; a number keeps its thousands
	// separators ("58,000").
	valueEnd = `(?:[^\s,]|,\d{3})+`
	// numberValue is a number as chat writes an amount: "$1,200", "72k", "3.5".
	numberValue = `\$?\d(?:[\d.]|,\d{3})*k?`
)

// agesAsBeing reports a subject that can have an age: one named ("Mia"), or a
// person or an animal of someone's ("User's daughter", "User's dog Rex"), not a
// thing of theirs ("User's parking permit", "User's badge").
func agesAsBeing(subject string) bool {
	owner, head, ok := strings.Cut(subject, "'s ")
	if !ok || strings.Contains(owner, " ") {
		return true
	}
	w := strings.Fields(head)
	last := w[len(w)-1]
	l := strings.ToLower(last)
	return personNouns[l] || introNouns[l] || agingNouns[l] || capitalised("", last)
}

// explicitAgeRe: a clause that says an age as one ("turned 4", "is 3 years old"), of
// whatever has it: a breed or a pet no word list names ("my beagle turned 4").
var explicitAgeRe = lazyre.New(`(?i)\bturned \d|\d years old$`)

// agingNouns are heads of a subject, besides people and pets, that name one who ages:
// "User's oldest is 7", "User's little one is 2".
var agingNouns = set(`oldest youngest eldest middle one ones twins pup pups dogs cats kitty`)

// bareFavouriteRe finds a favourite said without its owner, which is the speaker.
var bareFavouriteRe = lazyre.New(`(?i)^(?:fav|fave|favou?rite?)\s+[a-z]+(?:\s+[a-z]+)?\s+(?:is|are)\s`)

// stackLabelRe: "Our stack: Go, Postgres and Redis", "The tech stack is Go and React": a
// label for what the speaker's team uses, then the names. Group 1 is the owner, 2 the names,
// which start with a capital ("our tools are great" names nothing).
var stackLabelRe = lazyre.New(`^(?i:(our|my|the)\s+)?(?i:tech\s+|software\s+|dev\s+)?(?i:stack|toolchain|tooling)(?:\s*:\s*|\s+(?i:is|are)\s+)([A-Z].*)$`)

// stackAsUse rewrites a stack said as a label ("Our stack: Go, Postgres") as what the
// speaker uses ("we use Go, Postgres"). It reads a whole line, before the label is split
// off as a sentence of its own and leaves the bare names, no statement.
func stackAsUse(clause string) string {
	m := stackLabelRe.FindStringSubmatch(strings.TrimSpace(clause))
	switch {
	case m == nil:
		return clause
	case strings.EqualFold(m[1], "my"):
		return "I use " + m[2]
	}
	return "we use " + m[2]
}

// preNormalise rewrites first-person statements of a name or an age into the form the
// templates know ("Call me Sam" → "my name is Sam", "I'm 34" → "I am 34 years old").
func preNormalise(clause string) string {
	clause = onlyItem(movedByThem(limitSet(amountAside(oneSpelling(inEnglish(clause))))))
	if bareFavouriteRe.MatchString(clause) {
		return "my " + clause // chat drops the owner: "fave movie is Inception"
	}

	c := strings.TrimRight(clause, " .!")
	if m := callMeRe.FindStringSubmatch(c); m != nil {
		return "my name is " + m[1]
	}
	if m := imNameRe.FindStringSubmatch(c); m != nil {
		w := strings.ToLower(m[1])
		if !nationalities[w] && !jobWords[w] {
			return "my name is " + m[1]
		}
	}
	if m := progressiveRateRe.FindStringSubmatch(clause); m != nil {
		return m[1] + " " + ingBase(strings.ToLower(m[2])) + " " + m[3] // "I'm running 25 km a week": what I run each week
	}
	if m := offTakenRe.FindStringSubmatch(c); m != nil && !offNotTaken[strings.ToLower(m[2])] {
		return m[1] + " stopped taking " + m[2] // "I'm off metformin now": no longer on it
	}
	if m := takenOffRe.FindStringSubmatch(c); m != nil && !offNotTaken[strings.ToLower(m[2])] {
		return speakerPronoun(m[1]) + " stopped taking " + m[2] + m[3] // "my doctor took me off metformin"
	}
	if m := outgrownAllergyRe.FindStringSubmatch(c); m != nil {
		return speakerPronoun(m[1]) + " " + copulaOf(m[1]) + " no longer allergic to " + m[2] + m[3]
	}
	if employer := offerEmployer(c); employer != "" {
		return "I started a new job at " + employer
	}
	if instead := bareInstead(c); instead != "" {
		return instead // "…, doing italki lessons instead" (instead.go)
	}
	if diet := bareDiet(c); diet != "" {
		return diet // "…, so pescatarian now I guess" (dietlabel.go)
	}
	if moved := movedThenNowIn(c); moved != "" {
		return moved // "we just moved again, now in Hamburg" (living.go)
	}
	if m := keysToHomeRe.FindStringSubmatch(c); m != nil && !letOutRe.MatchString(m[3]) {
		return m[1] + " moved to " + m[2] + dateAfter(m[3]) // "… in Leeds yesterday": when
	}
	if m := goneOffRe.FindStringSubmatch(c); m != nil && !offNotTaken[strings.ToLower(strings.Fields(m[2])[0])] {
		return m[1] + " don't like " + m[2] + " anymore" // "I've gone off coffee": no longer liked
	}
	if m := newJobRe.FindStringSubmatch(c); m != nil {
		return "I started a new job at " + m[1] // chat's "new job at Costco" says whose
	}
	if m := imAgeRe.FindStringSubmatch(c); m != nil {
		return "I am " + m[1] + " years old"
	}
	if changed := changedAmount(c); changed != c {
		return changed
	}
	if m := weIdentityRe.FindStringSubmatch(c); m != nil && (nationalities[strings.ToLower(m[2])] || slices.Contains(needDiet, strings.ToLower(m[2]))) {
		return m[1] + " " + m[2] + m[3] // "We're vegetarians": each of us is vegetarian
	}
	return clause
}

// progressiveRateRe: "I'm running 25 km a week", "I'm sleeping 8 hours a night": an amount
// by a period, said in the progressive, is a habit as the simple present is ("I run 10 km
// a week"), and one slot holds both. Groups: 1 the subject, 2 the verb, 3 the amount on.
var progressiveRateRe = lazyre.New(`(?i)^(i|we)(?:'m|'re| am| are) (?:now |currently |still |also )?([a-z]+ing) (\d[\d,.]*k? [a-z]+ (?:a|per|each|every) (?:day|night|week|month|year|morning|evening|weekend)\b.*)$`)

// offTakenRe: "I'm off metformin now", "we're off caffeine": what one no longer takes.
// Groups: 1 the subject, 2 the thing (one word).
var offTakenRe = lazyre.New(`(?i)^(i|we)(?:'m|'re| am| are) (?:now |finally |completely )?(?:off|off of) ([a-z][\w-]*)(?: now| for good| completely)?$`)

// goneOffRe: "I've gone off coffee", "we've gone off sushi completely": a liking that
// has ended, said as an idiom. Groups: 1 the subject, 2 the thing (one or two words).
var goneOffRe = lazyre.New(`(?i)^(i|we)(?:'ve| have)? (?:totally |completely |kind of |kinda )?gone off ([a-z][\w-]*(?: [a-z][\w-]*)??)(?: completely| entirely| altogether| now| lately)*(?:,.*)?$`)

// offerTakenRe: "I accepted the KPMG offer", "I've accepted a job offer from Arup": an
// offer of work taken is a new job there. Groups: 1 the employer before "offer", 2 a
// word naming the offer one of work, 3 the employer after "from"/"at"/"with", 4 the rest.
var offerTakenRe = lazyre.New(`^(?i:i(?:'ve| have)? (?:just |finally |officially )?(?:accepted|took|signed) (?:the |an |a |their )?)(?:([A-Z][\w&.-]*(?: [A-Z][\w&.-]*)?) (?i:(?:job |position |role )?offer)|(?i:(job |position |role )?offer (?:from|at|with) )([A-Z][\w&.-]*(?: [A-Z][\w&.-]*)?))\b(.*)$`)

// offerForThingRe opens the rest of an offer for or on a thing ("… for my old bike",
// "… on our house"): an offer to buy or sell, no job.
var offerForThingRe = lazyre.New(`(?i)^,? (?:for|on) (?:my|our|the|his|her|their|a|an|this|that|it)\b`)

// offerStartRe finds the start of the work an offer was for: "… and I start in May".
var offerStartRe = lazyre.New(`(?i)\b(?:start|starting|started|join|joining|begin|beginning|first day)\b`)

// offerEmployer is the employer of an offer of work taken (offerTakenRe), or "". An
// offer "from" someone is one of work only when called a job offer or followed by the
// start of the work ("from Sarah" may be a buyer); a day or a month names no employer.
func offerEmployer(clause string) string {
	m := offerTakenRe.FindStringSubmatch(clause)
	if m == nil || offerForThingRe.MatchString(m[4]) {
		return ""
	}
	name := m[1] + m[3] // one of the two is empty
	first := strings.ToLower(strings.Fields(name)[0])
	if bareWeekdayRe.MatchString(first) || monthWord(first) {
		return ""
	}
	if m[3] != "" && m[2] == "" && !offerStartRe.MatchString(m[4]) {
		return ""
	}
	return name
}

// keysToHomeRe: "We got the keys to our new place in Leeds", "I moved into my new flat in
// Hove": a new home of one's own in a town is a move there ("the new flat" may be anyone's).
// Groups: 1 the subject, 2 the town, 3 the rest.
var keysToHomeRe = lazyre.New(`^(?i:(i|we)(?:'ve| have)? (?:just |finally |officially )?(?:got the keys to|got the keys for|moved into|moved in to) (?:our|my) new (?:house|home|flat|apartment|place|condo|townhouse) in )([A-Z][\w-]*(?: [A-Z][\w-]*)?)(.*)$`)

// letOutRe finds a home let to others: "… we're renting out", "… to let": no move there.
var letOutRe = lazyre.New(`(?i)\b(?:rent(?:ing|ed)? (?:it )?out|let(?:ting)? (?:it )?out|to let|buy-to-let|for rent|as an investment|for tenants)\b`)

// dateAfter keeps of what follows a place only a time it names ("yesterday", "last
// week", "on Monday"), up to a comma: "… in Leeds we're renting out" adds no clause to
// the move.
func dateAfter(rest string) string {
	rest, _, _ = strings.Cut(rest, ",")
	w := lowerWords(rest)
	switch {
	case len(w) == 0:
		return ""
	case dateCues[w[0]] || w[0] == "last" || w[0] == "this" || w[0] == "earlier":
		return rest // "yesterday", "last week"
	case len(w) > 1 && dateCues[w[1]]:
		return rest // "in May", "on Monday", "two weeks ago"
	}
	return ""
}

// takenOffRe: "My doctor took me off metformin last month": a clinician stopped what the
// speaker takes. "That took me off guard" or "They took me off payroll" has no clinician
// as taker. Groups: 1 the speaker (me, us), 2 the thing (one word), 3 the rest.
var takenOffRe = lazyre.New(`(?i)^(?:(?:my|our|the|a|his|her|their) )?(?:new |regular |family |\S+ )?(?:doctors?|docs?|gps?|nurses?|\S+ologists?|psychiatrists?|physicians?|vets?|dentists?|pharmacists?|surgeons?|specialists?|consultants?|midwife|dr\.? \S+) (?:took|has taken|have taken) (me|us) off (?:of )?([a-z][\w-]*)(.*)$`)

// outgrownAllergyRe: "I've outgrown my egg allergy": an allergy the speaker no longer has.
// Groups: 1 the speaker, 2 what they were allergic to, 3 the rest.
var outgrownAllergyRe = lazyre.New(`(?i)^(i|we)(?:'ve| have)? (?:now |finally |just |completely )?(?:outgrown|outgrew|grown out of|grew out of|got over) (?:my|our|the) ([a-z]+(?: [a-z]+)?) allergy\b(.*)$`)

// speakerPronoun is the subject pronoun of a speaker named as an object or a subject.
func speakerPronoun(p string) string {
	if strings.EqualFold(p, "us") || strings.EqualFold(p, "we") {
		return "we"
	}
	return "I"
}

// copulaOf is the present of "be" for a first-person subject.
func copulaOf(p string) string {
	if speakerPronoun(p) == "we" {
		return "are"
	}
	return "am"
}

// offNotTaken are the words after "I'm off" that name no thing taken: "off work", "off
// today", "off to bed".
var offNotTaken = set(`work duty today tomorrow tonight school sick shift call the to for on a an my this next that it
it's line mute camera grid base topic track now again`)

// newJobRe: "new job at Costco", chat's verbless news of a job. Group 1 is the employer.
var newJobRe = lazyre.New(`(?i)^new (?:job|position|gig) (?:at|with) ([^,]+)(?:,.*)?$`)

// newLabelRe: "New email: ana@x.io", "new address - 48 Oak Ave": a thing of the
// speaker's, labelled new, and its value. Groups: 1 the thing (one to three words), 2 the value.
var newLabelRe = lazyre.New(`(?i)^\s*new ([a-z]+(?: [a-z]+){0,2})\s*(?::|-|—|–)\s*(\S.*)$`)

// newLabelled rewrites a line that labels a new value ("New email: ana@x.io") as the
// statement it makes ("my new email is ana@x.io"). It reads the whole line, before a
// colon splits it into a lead-in and a fragment.
func newLabelled(line string) string {
	if m := newLabelRe.FindStringSubmatch(line); m != nil && !hasVerb(lowerWords(m[2])) {
		return "my new " + strings.ToLower(m[1]) + " is " + m[2] // not "New number: my number is …"
	}
	return line
}

// weIdentityRe: "we're vegetarians", "we are both Canadians": a plural of what each is.
// Groups: 1 the subject and verb, 2 the singular, 3 the rest.
var weIdentityRe = lazyre.New(`(?i)^((?:we're|we are)(?:\s+(?:all|both))?)\s+([a-z]+)s\b(.*)$`)

// valueFixRe: "scratch that, it's 4 spaces", "no wait, it lands at 9pm, got delayed": a
// marker of a correction, then a value with a number that replaces one said before.
// Group 1 is the value.
var valueFixRe = lazyre.New(`(?i)^(?:(?:scratch that|no wait|wait|sorry|oops|correction|my bad|nvm|never mind|i misspoke|i was wrong|i got (?:it|that) wrong)[,:;!.]?\s+)+(?:(?:it's|it is|that's|that is|it was|make that|it'll be)\s+|it\s+[a-z]+s\s+(?:at|on|in|by|to|for)\s+)?((?:[a-z]+\s+){0,1}?\d[\w:.]*(?:\s+[a-z]+)?)(?:,.*)?$`)

// valueActuallyRe: "haha 2 dogs actually, forgot the puppy": a value with a number and
// a trailing "actually" with nothing else of a statement, which replaces one said
// before as valueFixRe's does. Group 1 is the value.
var valueActuallyRe = lazyre.New(`(?i)^(?:(?:lol|haha+|oh|ah|no|nope|hmm+)[,!.]?\s+)*((?:[a-z]+\s+){0,1}?\d[\w:.]*(?:\s+[a-z]+)?),?\s+actually(?:,.*)?$`)

// starredRe: "*Jackson, autocorrect got me": chat's mark of a word written again right,
// the word first. Group 1 is the word (or a name of two capitalised words).
var starredRe = lazyre.New(`^\*\s?([A-Za-z][\w'-]*(?:\s+[A-Z][\w'-]*)?)\*?(?:[,.!;:-]|\s*$)`)

// starredCorrection rewrites a starred correction as "I meant Jackson", or returns "".
// Which stored value it corrects is read against the stored facts, as for valueCorrection.
func starredCorrection(sentence string) string {
	m := starredRe.FindStringSubmatch(strings.TrimSpace(sentence))
	if m == nil {
		return ""
	}
	return "I meant " + m[1]
}

// valueCorrection rewrites a sentence that only gives the right value of something said
// before ("Scratch that, it's 4 spaces") as "I meant 4 spaces", or returns "". Which
// stored value it corrects is read against the stored facts (ingest.Corrected).
func valueCorrection(sentence string) string {
	said := strings.TrimRight(strings.TrimSpace(sentence), " .!")
	m := valueFixRe.FindStringSubmatch(said)
	if m == nil {
		m = valueActuallyRe.FindStringSubmatch(said)
	}
	if m == nil || strings.Contains(strings.ToLower(m[1]), " not") {
		return ""
	}
	return "I meant " + withoutLeadPrep(m[1])
}

// articleRe is the article a corrected thing is named with: "he's a labrador, not a
// golden" corrects the breed, whatever the stored fact's article.
var articleRe = lazyre.New(`(?i)^(?:a|an|the)\s+`)

// withoutArticle drops that article from a corrected value.
func withoutArticle(v string) string {
	return articleRe.ReplaceAllString(v, "")
}

// leadPrepRe is the preposition a corrected time or place is said with: "it's on
// Thursday, not Tuesday" corrects the day, "it's at 9, not 7" the hour.
var leadPrepRe = lazyre.New(`(?i)^(?:on|at|in|by|from|until)\s+`)

// withoutLeadPrep drops that preposition from a corrected value.
func withoutLeadPrep(v string) string {
	return leadPrepRe.ReplaceAllString(v, "")
}

// meantStatementRe: "Sorry, I meant the offsite is in Porto" restates a whole statement;
// group 1 is the statement.
var meantStatementRe = lazyre.New(`(?i)^(?:(?:sorry|oops|actually|wait|no|my bad|correction)[,:;!.]?\s+)*i (?:meant|mean|meant to say)(?: that)?,?\s+(.+)$`)

// meantStatement returns the statement a correction restates in full ("Sorry, I meant
// the offsite is in Porto" → "the offsite is in Porto"), so that it is read as what it
// says and replaces the slot it fills, or "". A bare value ("I meant Porto, not Lisbon")
// is left to the correction of the stored fact.
func meantStatement(clause string) string {
	m := meantStatementRe.FindStringSubmatch(strings.TrimSpace(clause))
	if m == nil {
		return ""
	}
	said := m[1]
	if loc := rejectedTailRe.FindStringIndex(said); loc != nil && hasVerb(lowerWords(said[:loc[0]])) {
		// "I meant I live in Houston, not Austin": the statement says what holds. A value
		// without a verb ("March 21 for the dentist, not the 12th") is left to the correction.
		said = said[:loc[0]]
	}
	if head, rest, ok := strings.Cut(said, ", "); ok && len(strings.Fields(head)) <= maxMeantWords && !hasVerb(lowerWords(head)) &&
		!rejectedTailRe.MatchString(", "+rest) {
		return "I meant " + head // "sorry i meant three kids, forgot the baby": the value, then an aside
	}
	if len(strings.Fields(said)) < 3 || strings.Contains(strings.ToLower(said), " not ") {
		return ""
	}
	return said
}

// maxMeantWords bounds a value meant, said without a verb: longer, it is a statement.
const maxMeantWords = 4

// rejectedTailRe finds the value a restated statement rejects, and any aside after it:
// ", not Austin, was thinking of my brother".
var rejectedTailRe = lazyre.New(`(?i),\s*not\s+\S.*$`)

// correctionValue reports a value a bare correction can name: a name, a number or one
// word ("Oasis", "10:30", "spaces"), not a description ("a bad one").
func correctionValue(v string) bool {
	return len(strings.Fields(v)) == 1 || containsAny(v, needDigit) || capitalised("", v)
}

// hostNameRe finds a host or domain name ("fly.io", "vercel.app"): no town is written so.
var hostNameRe = lazyre.New(`^[a-z0-9-]+\.[a-z]{2,}\b`)

// WeekdayPattern is a regular expression's alternation for a day of the week, one
// or its plural ("Thursday", "thursdays"), without word boundaries.
const WeekdayPattern = `(?:mon|tues|wednes|thurs|fri|satur|sun)days?`

// whenRe finds a time or a day at the start of where something moved to: "Standup moved
// to 10:15", "to 3pm", "to Thursdays", "to next week" name when, not a home ("moved to 42
// Elm Street" is one).
var whenRe = lazyre.New(`(?i)^(?:\d{1,2}:\d{2}|\d{1,2}\s*(?:am|pm|a\.m\.|p\.m\.)(?:\W|$)|` + WeekdayPattern + `\b|(?:tomorrow|tonight|noon|midnight)\b|next\s+(?:week|month|year|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b)`)

// groupRe finds a group, a post or a working pattern one moves to without moving house:
// "moved to the search team", "moved to the night shift", "moved to a new department",
// "moved to day shifts", "moved to nights" (a pattern of days is said in the plural, which
// no home is).
var groupRe = lazyre.New(`(?i)^(?:(?:the |a |an |another |user's |our |my )?(?:[\w-]+ ){0,3}?(?:team|squad|department|dept|division|group|org|project|shift|role|position|plan|tier)s?\b|(?:nights|days|mornings|afternoons|evenings|weekends|weekdays)\b)`)

// asRoleRe finds a value taken up for a role: "moved to fish as User's shell" is a new
// shell, not a new home.
var asRoleRe = lazyre.New(`(?i)\bas (?:user's|my|our|the) [\w-]+$`)

// notAHome reports where one moved to that is no place to live (groupRe, asRoleRe).
func notAHome(to string) bool {
	to = strings.TrimRight(to, ".! ")
	return groupRe.MatchString(to) || asRoleRe.MatchString(to)
}

type canonRule struct {
	need  []string // the lowercase text must contain one of these for the rule to apply
	re    *lazyre.Regexp
	build func(m []string) []canonFact
}

var canonRules = []canonRule{
	// "I also moved to Berlin" is a move all the same: "also" adds no second home.
	{[]string{"moved", "relocated"}, rx(subj + ` (?:(?:finally|just|recently|eventually|officially|actually|already|also|has|have|had) )*(?:moved|relocated|moved back|relocated back)(?: from .+?)? to (.+)`), func(m []string) []canonFact {
		if thingSubject(m[1]) || hostNameRe.MatchString(m[2]) || namesListedTool(m[0]) || whenRe.MatchString(m[2]) || notAHome(m[2]) {
			return nil // "User's standup moved to 10am": a thing moved, no one's home; "moved to fly.io", "from NATS to Kafka": tools; "moved to 10:15": a time
		}
		return []canonFact{{m[1] + " lives in " + m[2], true}}
	}},
	{[]string{"job", "position", "role", "gig"}, rx(subj + ` (?:started|began|got|landed|accepted|took|has) (?:a |an |the |\S+'s )?(?:new )?(?:job|position|role|gig) (?:at|with) (.+)`), worksAt},
	{[]string{"started", "began"}, rx(subj + ` (?:started|began) (?:working |a new job )?(?:at|for) (.+)`), worksAt},
	{[]string{"joined"}, rx(subj + ` (?:joined) (.+?) as (?:an? |the )?(.+)`), func(m []string) []canonFact {
		return []canonFact{{m[1] + " works at " + m[2], true}, {m[1] + " works as " + article(m[3]), true}}
	}},
	{[]string{"joined"}, rx(subj + ` (?:has |have |just |recently |finally |officially )*joined (.+)`), joinedOrg},
	{[]string{"employed"}, rx(subj + ` (?:is|am|are) (?:now |currently |also )?employed (?:at|by|with) (.+)`), func(m []string) []canonFact {
		return []canonFact{{m[1] + " works at " + m[2], false}} // "is employed at Unilever": one job, said formally
	}},
	{[]string{"switched", "changed"}, rx(subj + ` (?:just |recently |finally )?(?:switched|changed) ([a-z]+)s (?:over )?to (.+)`), switchedOne},
	{[]string{" as "}, rx(subj + ` works (?:at|for) (.+?) as (?:an? |the )?(.+)`), func(m []string) []canonFact {
		return []canonFact{{m[1] + " works at " + m[2], false}, {m[1] + " works as " + article(m[3]), false}}
	}},
	{[]string{" at "}, rx(subj + ` is (?:now |currently |also )?(?:an? )(.+?) at (.+)`), isJobAt},
	{[]string{" now", " back "}, rx(subj + ` is (now |back )?at ([^\s,]+(?: [^\s,]+){0,2}?)( now)?`), atOrgNow},
	{[]string{"based", "living"}, rx(subj + ` is (?:now |currently |also )?(?:an? )(.+?) (based|living) in (.+)`), func(m []string) []canonFact {
		if !isJob(m[2], m[2]) {
			return nil
		}
		where := " is based in "
		if m[3] == "living" {
			where = " lives in "
		}
		return []canonFact{{m[1] + " is " + article(m[2]), false}, {m[1] + where + m[4], false}}
	}},
	{[]string{"became", "become", "is now", "was made"}, rx(subj + ` (?:became|has become|is now|was made) (?:an? |the )?(.+)`), func(m []string) []canonFact {
		if !isJob(m[2], m[2]) {
			return nil
		}
		return []canonFact{{m[1] + " works as " + article(m[2]), true}}
	}},
	{[]string{"job", "position", "role"}, rx(subj + ` (?:quit|left|resigned from|lost) (?:\S+'s |the |a |his |her |their )(?:job|position|role) (?:at|with) (.+)`), noLongerWorks},
	{[]string{"resigned", "laid off", "fired"}, rx(subj + ` (?:resigned from|was laid off from|got laid off from|was fired from|got fired from|got laid off at) (.+)`), noLongerWorks},
	{needDigit, rx(subj + ` (?:is|has turned|turned|just turned) (\d{1,3})(?: years old)?`), func(m []string) []canonFact {
		if w := strings.Fields(strings.ToLower(m[1])); settingWordNames[w[len(w)-1]] != "" || notVersioned[w[len(w)-1]] {
			return nil // "The retry limit is 5", "The pool size is 20": a setting, no age
		}
		if !strings.Contains(m[1], "'s ") && bareThing(strings.Fields(m[1])) || measuredThing(m[1]) {
			return nil // "Max connections is 50", "batch size is 64": a thing's number, no age ("User's beagle" ages)
		}
		if !agesAsBeing(m[1]) && !explicitAgeRe.MatchString(m[0]) {
			return nil // "my parking permit is 120": a thing's number, no age
		}
		return []canonFact{{m[1] + " is " + m[2] + " years old", true}}
	}},
	{[]string{"got "}, rx(subj + ` got (married|engaged|divorced)`), func(m []string) []canonFact {
		return []canonFact{{m[1] + " is " + m[2], true}}
	}},
	{needDiet, rx(subj + ` (?:went|became|turned|has gone|has become) (vegetarian|vegan|pescatarian|pescetarian|keto|paleo)`), func(m []string) []canonFact {
		return []canonFact{{m[1] + " is " + m[2], true}}
	}},
	{[]string{"promoted"}, rx(subj + ` (?:got|was|has been) promoted to (?:an? |the )?(.+)`), func(m []string) []canonFact {
		return []canonFact{{m[1] + " works as " + article(m[2]), true}}
	}},
	{[]string{",", " and ", " or "}, rx(`(` + subj + ` (?:is (?:severely |very )?allergic to|loves|likes|hates|enjoys|adores|dislikes|is into)) (.+)`), splitList},
	{[]string{",", " and "}, rx(`(` + subj + ` uses) (.+)`), splitNamedList},
}

// One joins gyms, clubs and networks as well as employers: "joined X" names an employer
// only when X's own words say it is one, a team at an organisation, an organisation's team
// or a company by its legal or common form. "User joined Meta" alone stays as said.
const orgName = `([A-Z][\w&.-]*(?: (?:[A-Z][\w&.-]*|&|of|and))*)`

var joinedOrgRes = []*lazyre.Regexp{
	// "the payments team at Stripe", "the data team of Acme".
	lazyre.New(`^(?:the |a |an )?(?:[\w-]+ ){0,3}(?:team|group|squad|department|division|org) (?:at|of|over at) ` + orgName),
	// "Stripe's payments team", "the Stripe team", "Stripe full-time".
	lazyre.New(`^(?:the )?` + orgName + `(?:'s (?:[\w-]+ ){0,3}(?:team|group|squad|department|division|org)| (?:[a-z-]+ ){0,2}(?:team|engineering team)\b| (?:full[- ]time|part[- ]time|as (?:a|an) )\b)`),
	// "a startup called Nimbus", "a fintech company named Ledgerly".
	lazyre.New(`^(?:a |an |the )?(?:[\w-]+ ){0,2}(?:startup|start-up|company|firm|agency|consultancy|bank|studio|lab|employer) (?:called|named) ` + orgName),
	// "Acme Corp", "Initech Inc.", "Foo Labs": a company by its form.
	lazyre.New(`^(?:the )?([A-Z][\w&.-]*(?: [A-Z][\w&.-]*)* (?:Inc|Ltd|LLC|Corp|Corporation|Co|GmbH|AG|SA|plc|PLC|Labs|Technologies|Software|Systems|Consulting|Bank|Capital|Partners|Group|Holdings|Solutions)\b\.?)`),
}

// joinedOrg reads "User joined <X>" as a new employer when X says it is one, else nil.
func joinedOrg(m []string) []canonFact {
	for _, re := range joinedOrgRes {
		if o := re.FindStringSubmatch(m[2]); o != nil {
			return []canonFact{{m[1] + " works at " + strings.TrimSpace(o[1]), true}}
		}
	}
	return nil
}

// switchedOne reads "User switched gyms to Equinox" as what the subject's one gym is now:
// a plural switched between says the subject has one of the thing at a time.
func switchedOne(m []string) []canonFact {
	thing := strings.ToLower(m[2])
	if notOwnedSwitches[thing] || strings.HasSuffix(thing, "s") {
		return nil // "switched gears to", "switched places to": no thing owned; "classes": no plain plural
	}
	return []canonFact{{m[1] + "'s " + thing + " is " + m[3], true}}
}

// notOwnedSwitches are plurals switched between that name no thing the subject has.
var notOwnedSwitches = set(`gear side place seat role hand lane tack topic subject`)

func worksAt(m []string) []canonFact {
	org, role, hasRole := strings.Cut(m[2], " as ")
	out := []canonFact{{m[1] + " works at " + org, true}}
	if hasRole {
		out = append(out, canonFact{m[1] + " works as " + article(strings.TrimPrefix(strings.TrimPrefix(role, "a "), "an ")), false})
	}
	return out
}

// venueWords are places one is at for a while, not employers: "I'm at the Hilton now",
// "at Heathrow Airport now".
var venueWords = set("airport station terminal hotel hospital clinic park mall beach gym cafe café " +
	"restaurant bar pub church stadium arena museum home work school office library store shop market centre center")

// atOrgNow reads "User is at Figma now" (or "back at Figma") as a change of employer: "now" says a state
// changed, and a bare proper name (no article, each word capitalised, no venue word)
// names an organisation, not where one stands ("is at the airport now", "at home now").
func atOrgNow(m []string) []canonFact {
	if (m[2] == "") == (m[4] == "") { // "now" or "back" exactly once, before or after the name
		return nil
	}
	for _, w := range strings.Fields(m[3]) {
		if !capitalised("", w) || venueWords[strings.ToLower(w)] {
			return nil
		}
	}
	return []canonFact{{m[1] + " works at " + m[3], true}}
}

func isJobAt(m []string) []canonFact {
	if strings.EqualFold(m[2], "student") {
		return []canonFact{{m[1] + " studies at " + m[3], false}}
	}
	if !isJob(m[2], m[2]) {
		return nil
	}
	return []canonFact{{m[1] + " is " + article(m[2]), false}, {m[1] + " works at " + m[3], false}}
}

func noLongerWorks(m []string) []canonFact {
	return []canonFact{{m[1] + " no longer works at " + m[2], true}}
}

var listSepRe = lazyre.New(`,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+`)

// splitList makes one fact per item of a short list ("allergic to peanuts and shellfish").
func splitList(m []string) []canonFact {
	items := listSepRe.Split(m[3], -1)
	if len(items) < 2 || len(items) > 5 {
		return nil
	}
	out := make([]canonFact, 0, len(items))
	for _, it := range items {
		if n := len(strings.Fields(it)); n == 0 || n > 3 {
			return nil
		}
		out = append(out, canonFact{m[1] + " " + strings.TrimSpace(it), false})
	}
	return out
}

// splitNamedList makes one fact per named thing of a list the subject uses ("uses Go 1.22,
// Postgres 15 and Redis"), so that a later change of one ("upgraded to Go 1.23") supersedes
// that one and not the others with it. Only a list of names (each item capitalised or a
// version, no preposition, no "not") is split: "uses pnpm, not npm, in the web repo" and
// "uses React for the UI and Go for the API" say more than a list.
func splitNamedList(m []string) []canonFact {
	items := listSepRe.Split(strings.TrimRight(m[3], "."), -1)
	if len(items) < 2 || len(items) > 5 {
		return nil
	}
	out := make([]canonFact, 0, len(items))
	for _, it := range items {
		it = strings.TrimSpace(it)
		w := strings.Fields(it)
		if len(w) == 0 || len(w) > 3 || !namedItem(w) {
			return nil
		}
		out = append(out, canonFact{m[1] + " " + it, false})
	}
	return out
}

// namedItem reports whether words name a thing: a capitalised word, then at most versions
// or more capitalised words ("Go 1.22", "Postgres 15", "GitHub Actions").
func namedItem(w []string) bool {
	for i, x := range w {
		r := []rune(x)
		switch {
		case unicode.IsUpper(r[0]):
		case i > 0 && (unicode.IsDigit(r[0]) || r[0] == 'v' && len(r) > 1 && unicode.IsDigit(r[1])):
		default:
			return false
		}
	}
	return true
}

// article prefixes a job title with "a" or "an".
func article(title string) string {
	title = strings.TrimSpace(title)
	if title == "" {
		return title
	}
	if strings.ContainsRune("aeiouAEIOU", rune(title[0])) {
		return "an " + title
	}
	return "a " + title
}

// isJob reports whether the head of a title is a known job noun ("senior data scientist").
func isJob(value, _ string) bool {
	head, _, _ := strings.Cut(strings.ToLower(value), " of ") // "director of product" is a director
	w := strings.Fields(head)
	return len(w) > 0 && len(w) <= 4 && jobWords[strings.Trim(w[len(w)-1], ".,")]
}

// canonicalise maps a third-person statement (date phrase removed) onto its canonical
// statements; it returns nil when no template applies and the statement is kept as written.
func canonicalise(t string) []canonFact {
	if ages := listedAges(t); ages != nil {
		return ages // "User has two kids, Mia (7) and Jonas (4)": each age its own fact (ages.go)
	}
	if m := partnerRe.FindStringSubmatch(t); m != nil && strings.Contains(t, " with ") {
		head := strings.TrimSpace(m[1] + m[5])
		out := canonicalise(head)
		if out == nil {
			out = []canonFact{{head, false}}
		}
		return append(out, canonFact{m[2] + "'s " + m[3] + " is " + m[4], false})
	}
	lower := strings.ToLower(t)
	for _, r := range canonRules {
		if !containsAny(lower, r.need) {
			continue
		}
		if m := r.re.FindStringSubmatch(t); m != nil {
			if out := r.build(m); out != nil {
				return out
			}
		}
	}
	return nil
}
