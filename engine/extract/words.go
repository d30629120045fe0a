package extract

import "github.com/memsvc/memsvc/text"

// Word lists used by the rules. They are read-only after package initialisation.

// set is text.WordSet under the short name the rules' word lists use.
func set(words string) map[string]bool { return text.WordSet(words) }

// jobWords are head nouns of job titles; "User is a data scientist" fills job_title because
// "scientist" is listed, while "User is a big fan" does not.
var jobWords = set(`accountant actor actress administrator analyst architect artist assistant attorney auditor
author baker banker barber barista bartender biologist bookkeeper builder butcher carpenter cashier ceo cfo
chef chemist cleaner clerk coach consultant contractor coo copywriter counselor counsellor cto dancer
dentist designer detective developer dietitian director doctor driver economist editor electrician engineer
entrepreneur farmer firefighter founder freelancer gardener geologist hairdresser historian hygienist illustrator
instructor intern investor janitor journalist judge lawyer lecturer librarian lifeguard linguist machinist manager
mathematician mechanic midwife musician nanny nurse officer optometrist painter paralegal paramedic pharmacist
photographer physician physicist physiotherapist pilot plumber poet policeman police politician producer
professor programmer psychiatrist psychologist radiologist realtor receptionist recruiter reporter researcher
sailor salesman salesperson scientist secretary singer soldier specialist statistician student surgeon surveyor
tailor teacher technician therapist trainer translator tutor veterinarian vet waiter waitress welder writer
pediatrician paediatrician cardiologist dermatologist neurologist oncologist anesthesiologist resident
sysadmin administrator devops sre tester strategist marketer planner coordinator supervisor lead principal
owner partner chair chairman president vp executive representative agent broker adviser advisor
dev swe teller`)

// irregularPast are past-tense forms that do not end in -ed.
var irregularPast = set(`was were did had went got saw took made came bought ran ate drank began met left found said laid
gave told thought felt kept lost won wrote quit sold spent taught flew drove rode broke chose fell grew knew
became held heard paid sat slept spoke stood swam understood woke wore built caught brought fought sent lent
meant led hung hid bit blew drew forgot forgave froze shook stole struck swore threw tore sang sank rang shot
shut split spread burnt dealt dug fed fled forbade lay lit overcame rose sought sewed shone slid stuck stung
swung wept withdrew wound`)

// modals keep their form after a third-person subject.
var modals = set(`will would can cannot could should must might may shall used ought`)

// adverbs may sit between a subject and its verb ("I usually fly", "I no longer live").
var adverbs = set(`just really also still usually often always never sometimes actually recently finally now
already mostly only totally absolutely definitely generally currently barely rarely seldom even mainly
truly genuinely seriously basically literally honestly normally typically occasionally regularly constantly
longer no further officially happily strongly fully completely quite kinda secretly`)

// fillerAdverbs add emphasis, not meaning, and are dropped from fact texts.
var fillerAdverbs = set(`just actually really absolutely totally literally basically honestly truly genuinely seriously`)

// imperativeVerbs start instructions: requests to the assistant in a normal conversation, procedures in
// agent memory.
var imperativeVerbs = set(`use run always never don't do avoid make remember keep put write add call check commit push
deploy test build format name ask start stop install update open create delete remove follow include mention reply
respond answer be please help tell give show explain summarize summarise translate list find generate fix refactor
review suggest recommend draft convert compare describe send set try let go note store save prefix wrap rebase squash
merge lint pin bump tag release document log label assign schedule book read look print wait restart skip ensure
prefer stick default limit cap only clean sort group split move rename copy paste plan outline edit rewrite proofread
calculate estimate analyze analyse prepare organize organise imagine pretend act tweak change style indent import
export return throw handle validate annotate declare apply point expose disable enable override hardcode mock upload`)

// leadVerb returns the verb that words start with, reading a hyphenated verb split into its
// parts as its last part: "force push shared branches", "re run the job" start with push
// and run; or as the one word its parts spell: "hard code user-facing text" starts with
// hardcode.
func leadVerb(w []string) string {
	if len(w) > 1 && verbPrefixes[w[0]] && imperativeVerbs[w[1]] {
		return w[1]
	}
	if len(w) > 1 && imperativeVerbs[w[0]+w[1]] {
		return w[0] + w[1]
	}
	if len(w) == 0 {
		return ""
	}
	return w[0]
}

// verbPrefixes are the first halves of hyphenated verbs: force-push, re-run, double-check.
var verbPrefixes = set(`force re double cross cherry dry`)

// hypoWords mark hypotheticals, conditionals and hedges, which are not facts.
var hypoWords = set(`if unless whether suppose supposing imagine assuming hypothetically might could would couldn't
wouldn't i'd we'd maybe perhaps possibly probably wish wonder wondering considering unsure`)

// pronounsAfterAux mark a question when they follow an auxiliary at the start ("Do you…", "Is there…").
var pronounsAfterAux = set(`you i we they he she it there this that your my`)

var auxStarts = set(`is are am was were do does did can could would will should shall may have has had
isn't aren't don't doesn't didn't won't wouldn't couldn't shouldn't can't haven't hasn't`)

var whWords = set(`what why how when where who whom which whose what's how's where's who's`)

// nationalities are capitalised words after "I'm" that are not names.
var nationalities = set(`american british english scottish welsh irish french german italian spanish portuguese dutch
belgian swiss austrian swedish norwegian danish finnish icelandic polish czech slovak hungarian romanian bulgarian
greek turkish russian ukrainian indian pakistani chinese japanese korean vietnamese thai filipino indonesian
malaysian australian canadian mexican brazilian argentinian argentine chilean colombian peruvian cuban nigerian
kenyan egyptian moroccan israeli iranian iraqi lebanese syrian saudi catholic protestant christian jewish muslim
hindu buddhist atheist agnostic vegan vegetarian european asian african latino latina`)

// debugWords mark troubleshooting chatter that is not a durable fact about the speaker.
var debugWords = set(`error errors exception exceptions traceback stacktrace undefined null nil segfault panic
crash crashes crashed crashing bug bugs fails failing failed failure warning warnings stderr stdout compile
compiler compiling timeout timeouts 404 500`)

// firstPerson words make a statement about the speaker.
var firstPerson = set(`i i'm i've i'll i'd me my mine myself we we're we've we'll we'd us our ours ourselves`)

// dateCues are words that may start a relative or absolute date; sentences without one skip
// the date parser entirely.
var dateCues = set(`yesterday today tonight tomorrow tmr ago weekend week month year weeks months years days day
morning afternoon evening monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur fri sat
sun january february march april may june july august september october november december jan feb mar apr jun jul
aug sep sept oct nov dec`)

// notPastEd end in -ed without being past tenses.
var notPastEd = set(`instead hundred naked wicked sacred beloved kindred rugged ragged crooked embed`)

// givenNames are common given names of the languages read (English, Spanish, German,
// French, Italian, Portuguese): one of them alone names a person, not an employer, so
// "Ich arbeite für Anna" says for whom one works, not where.
var givenNames = set(`anna ana maría maria maría josé jose juan carlos luis javier miguel antonio manuel francisco
pedro pablo diego sergio alejandro andrés andres fernando jorge alberto rafael raúl raul daniel david adrián adrian
carmen lucía lucia laura marta elena sara sarah paula isabel cristina pilar rosa teresa beatriz patricia sofía sofia
valentina camila gabriela andrea alicia inés ines julia clara eva irene nuria silvia marina rocío rocio lola
thomas michael andreas stefan peter klaus jürgen jurgen wolfgang markus martin christian frank tobias jonas lukas
lena leon felix paul max maximilian moritz niklas jan tim tom sebastian florian matthias alexander philipp simon
katharina sabine petra monika susanne ursula ulrike birgit claudia julia lisa lea leonie hannah johanna marie sophie
emma mia lina ella greta charlotte franziska stefanie kerstin anja heike
john james robert william richard joseph charles christopher matthew anthony mark steven andrew joshua kevin brian
george edward ryan jacob nicholas eric jonathan justin brandon benjamin samuel patrick jack henry oliver harry
mary jennifer linda elizabeth susan jessica karen nancy betty margaret lisa emily emily ashley michelle amanda
melissa stephanie rebecca rachel amy kate katie olivia ava grace chloe lucy megan hannah jane helen
jean pierre michel philippe nicolas françois francois louis antoine julien mathieu camille chloé manon léa
giuseppe giovanni marco luca matteo francesco alessandro lorenzo giulia chiara francesca federica martina
joão joao tiago rui beatriz mariana inês`)
