package entity

// The word lists below are switch statements rather than package-level maps
// so that they are immutable and need no initialisation. Every argument is a
// lower-cased word.

// isStopStart reports words that are capitalised only because they start a
// sentence (or are the pronoun "I"): pronouns, determiners, conjunctions,
// common adverbs, greetings and frequent imperative verbs. A capitalised span
// never starts with one of them.
func isStopStart(w string) bool {
	switch w {
	case "i", "i'm", "i've", "i'll", "i'd", "me", "my", "mine", "we", "we're", "we've", "our", "us",
		"you", "you're", "your", "he", "he's", "she", "she's", "it", "its", "it's", "they", "they're",
		"their", "them", "his", "her", "this", "that", "that's", "these", "those", "there", "there's",
		"here", "here's", "what", "what's", "which", "who", "whom", "whose", "when", "where", "why", "how",
		"the", "a", "an", "some", "any", "every", "each", "all", "no", "both", "either", "neither",
		"and", "but", "or", "so", "because", "if", "then", "also", "however", "although", "though",
		"yes", "ok", "okay", "oh", "hi", "hello", "hey", "thanks", "thank", "please", "sure", "well",
		"now", "today", "tomorrow", "yesterday", "tonight", "later", "soon", "first", "next", "finally",
		"last", "after", "before", "since", "until", "while", "once", "still", "just", "maybe",
		"perhaps", "actually", "really", "anyway", "besides", "meanwhile", "instead", "otherwise",
		"recently", "currently", "usually", "sometimes", "always", "never", "often", "again", "let's",
		"remember", "note", "dear", "good", "great", "nice", "sorry", "sadly", "luckily",
		"unfortunately", "hopefully", "apparently", "basically", "in", "on", "at", "for", "with",
		"from", "to", "of", "by", "about", "as", "into", "during", "over", "under", "between", "without",
		"run", "use", "install", "open", "click", "go", "set", "make", "add", "remove", "delete",
		"check", "start", "stop", "create", "update", "build", "push", "pull", "copy", "move", "call",
		"ask", "tell", "send", "buy", "get", "try", "see", "look", "find", "write", "read", "put", "take",
		"give", "keep", "turn", "restart", "deploy", "configure", "enable", "disable", "download",
		"upload", "log", "sign", "type", "enter", "select", "choose", "save", "close", "wait", "do",
		"don't", "does", "did", "is", "are", "was", "were", "be", "been", "has", "have", "had", "can",
		"could", "would", "should", "might", "must", "shall", "not", "very", "much", "many", "more",
		"most", "other", "another", "such", "only", "even", "step", "steps":
		return true
	}
	return false
}

// dateWord classifies month and weekday names. ambiguous is true for months
// that are also given names ("Jan", "May", "June", "April", "August").
func dateWord(w string) (date, ambiguous bool) {
	switch w {
	case "jan", "may", "june", "april", "august":
		return true, true
	case "january", "february", "march", "july", "september", "october", "november", "december",
		"feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec",
		"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
		"mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun":
		return true, false
	}
	return false, false
}

// toolWord reports well-known software tools and services. anyCase is true
// for names that are not ordinary English words, so a lower-case "docker"
// is still a tool while "rust" or "swift" must be capitalised.
func toolWord(w string) (tool, anyCase bool) {
	switch w {
	case "github", "gitlab", "bitbucket", "docker", "kubernetes", "k8s", "kubectl", "terraform",
		"ansible", "postgres", "postgresql", "mysql", "sqlite", "mongodb", "redis", "kafka",
		"rabbitmq", "elasticsearch", "nginx", "javascript", "typescript", "nodejs", "npm", "django",
		"jenkins", "grafana", "prometheus", "ollama", "pytorch", "tensorflow", "jupyter", "webpack",
		"graphql", "vscode", "circleci", "netlify", "vercel", "heroku", "supabase", "firebase",
		"numpy", "kotlin", "golang", "intellij", "pycharm", "xcode", "tmux", "zsh", "chatgpt":
		return true, true
	case "helm", "linux", "ubuntu", "debian", "macos", "ios", "android", "python", "rust", "java",
		"node", "yarn", "react", "vue", "angular", "flask", "rails", "ruby", "php", "swift", "scala",
		"haskell", "excel", "slack", "notion", "jira", "confluence", "trello", "figma", "vim", "emacs",
		"git", "aws", "gcp", "azure", "cloudflare", "firefox", "chrome", "safari", "zoom", "discord",
		"whatsapp", "telegram", "spotify", "photoshop", "vite", "bash", "postman", "airflow", "spark",
		"hadoop", "pandas", "obsidian", "dropbox", "gmail", "outlook", "go":
		return true, false
	}
	return false, false
}

// isOrgWord reports words that mark an organisation name ("Acme Inc",
// "University of Oxford").
func isOrgWord(w string) bool {
	switch w {
	case "inc", "corp", "corporation", "ltd", "llc", "gmbh", "co", "company", "plc", "ag",
		"university", "college", "institute", "school", "academy", "bank", "foundation", "group",
		"labs", "lab", "technologies", "technology", "systems", "solutions", "agency", "association",
		"club", "society", "hospital", "ministry", "department", "council", "committee", "partners",
		"capital", "ventures", "studios", "airlines", "airways", "motors", "holdings", "industries",
		"enterprises", "consulting", "software", "networks", "team":
		return true
	}
	return false
}

// isLegalSuffix reports words that can be dropped from an organisation name
// without changing what it names ("Acme Inc." is "Acme").
func isLegalSuffix(w string) bool {
	switch w {
	case "inc", "corp", "corporation", "ltd", "llc", "gmbh", "co", "company", "plc", "ag", "sa",
		"limited", "incorporated":
		return true
	}
	return false
}

// isPlaceWord reports words that mark a place name ("New York City",
// "Lake Tahoe", "Baker Street").
func isPlaceWord(w string) bool {
	switch w {
	case "city", "town", "village", "county", "state", "province", "country", "street", "avenue",
		"ave", "road", "rd", "boulevard", "blvd", "lane", "park", "lake", "river", "mountain",
		"mountains", "mount", "mt", "island", "islands", "beach", "bay", "valley", "hills", "heights",
		"square", "bridge", "airport", "station", "harbor", "harbour", "coast", "falls", "canyon",
		"desert", "forest", "peninsula", "republic", "kingdom", "district":
		return true
	}
	return false
}

// isPlacePrefix reports first words of multi-word place names ("New York",
// "San Diego", "Fort Worth").
func isPlacePrefix(w string) bool {
	switch w {
	case "new", "san", "santa", "los", "las", "fort", "port", "saint", "north", "south", "east",
		"west", "upper", "lower", "greater":
		return true
	}
	return false
}

// isHonorific reports titles that precede a person's name.
func isHonorific(w string) bool {
	switch w {
	case "mr", "mrs", "ms", "miss", "dr", "prof", "professor", "sir", "madam", "mx", "aunt", "uncle":
		return true
	}
	return false
}

// isRelation reports words that introduce a person ("my friend Bob").
func isRelation(w string) bool {
	switch w {
	case "friend", "sister", "brother", "mom", "mum", "mother", "dad", "father", "wife", "husband",
		"partner", "boss", "colleague", "coworker", "co-worker", "manager", "son", "daughter",
		"cousin", "niece", "nephew", "grandma", "grandpa", "grandmother", "grandfather", "neighbor",
		"neighbour", "girlfriend", "boyfriend", "fiance", "fiancee", "roommate", "flatmate",
		"teacher", "doctor", "therapist", "coach", "mentor", "classmate", "teammate", "kid", "child",
		"baby", "buddy", "pal", "landlord", "client", "customer", "dentist", "lawyer", "student":
		return true
	}
	return false
}

// isPetWord reports words that introduce a pet ("my dog Max").
func isPetWord(w string) bool {
	switch w {
	case "dog", "cat", "puppy", "kitten", "pet", "hamster", "parrot", "rabbit", "bunny", "horse",
		"pony", "goldfish", "turtle", "tortoise", "bird", "snake", "lizard", "pig", "ferret", "gecko":
		return true
	}
	return false
}

// isPersonVerb reports verbs that typically follow a person's name
// ("Bob said", "Alice loves").
func isPersonVerb(w string) bool {
	switch w {
	case "said", "says", "told", "tells", "went", "goes", "likes", "liked", "loves", "loved",
		"lives", "lived", "works", "worked", "wants", "wanted", "called", "calls", "asked", "asks",
		"thinks", "thought", "mentioned", "recommended", "suggested", "sent", "bought", "moved",
		"visited", "started", "joined", "met", "married", "prefers", "needs", "knows", "knew",
		"hates", "hated", "enjoys", "enjoyed", "is", "was", "has", "had", "will", "can", "and":
		return true
	}
	return false
}

// isPersonCue reports words after which a name is a person ("with Bob",
// "met Alice").
func isPersonCue(w string) bool {
	switch w {
	case "with", "met", "meet", "meeting", "told", "tell", "ask", "asked", "email", "emailed", "text",
		"texted", "thank", "thanked", "married", "dating", "hug", "hugged", "visit", "by":
		return true
	}
	return false
}

// isTravelVerb reports verbs after which "to X" names a place.
func isTravelVerb(w string) bool {
	switch w {
	case "moved", "move", "moving", "went", "go", "going", "flew", "fly", "flying", "drove", "drive",
		"travel", "traveled", "travelled", "traveling", "travelling", "trip", "relocated",
		"relocate", "returned", "back", "way", "flight", "train", "ticket", "tickets":
		return true
	}
	return false
}

// isWorkVerb reports words after which "at/for X" names an organisation.
func isWorkVerb(w string) bool {
	switch w {
	case "work", "works", "worked", "working", "job", "intern", "interned", "interning",
		"employed", "hired", "engineer", "developer", "manager", "cto", "ceo", "founder":
		return true
	}
	return false
}

// isTemporal reports words after which an ambiguous month name is a date
// ("in May", "since June").
func isTemporal(w string) bool {
	switch w {
	case "in", "on", "since", "until", "till", "by", "during", "early", "late", "mid", "next",
		"last", "this", "every", "of", "before", "after", "from", "through", "end":
		return true
	}
	return false
}

// isConnector reports lower-case words allowed inside a capitalised name
// ("Bank of America", "Ludwig van Beethoven").
func isConnector(w string) bool {
	switch w {
	case "of", "de", "da", "del", "der", "van", "von", "du", "di", "la", "le", "&":
		return true
	}
	return false
}

// isNameStop reports words ignored when building initialisms ("MIT" for
// "Massachusetts Institute of Technology").
func isNameStop(w string) bool {
	switch w {
	case "of", "the", "and", "for", "de", "a", "an", "&", "in", "on", "at":
		return true
	}
	return false
}

// nicknames lists common English nicknames by the given name they shorten
// ("bob" → "robert"), so "Bob Brown" and "Robert Brown" can be recognised as
// one person. Nicknames shared by several names ("Alex", "Sam", "Chris",
// "Pat") are left out.
var nicknames = map[string][]string{
	"robert":    {"bob", "bobby", "rob", "robbie"},
	"william":   {"bill", "billy", "will", "willy", "liam"},
	"katherine": {"kate", "katie", "kathy", "kat", "katy", "catherine", "kathryn", "cathy"},
	"elizabeth": {"liz", "lizzie", "beth", "betty", "eliza", "libby"},
	"james":     {"jim", "jimmy"},
	"michael":   {"mike", "mikey", "mick"},
	"david":     {"dave", "davey"},
	"thomas":    {"tom", "tommy"},
	"richard":   {"dick", "rick", "ricky", "rich", "richie"},
	"benjamin":  {"ben", "benny", "benji"},
	"daniel":    {"dan", "danny"},
	"joseph":    {"joe", "joey"},
	"anthony":   {"tony"},
	"andrew":    {"andy", "drew"},
	"matthew":   {"matt", "matty"},
	"nicholas":  {"nick", "nicky"},
	"steven":    {"steve", "stevie", "stephen"},
	"jennifer":  {"jen", "jenny", "jenn"},
	"jessica":   {"jess", "jessie"},
	"rebecca":   {"becky", "becca"},
	"margaret":  {"peggy", "maggie", "meg", "marge"},
	"susan":     {"sue", "susie", "suzy"},
	"edward":    {"ted", "teddy", "ed", "eddie", "ned"},
	"john":      {"jack", "johnny"},
	"charles":   {"charlie", "chuck"},
	"henry":     {"harry", "hank"},
	"abigail":   {"abby", "abbie"},
	"gregory":   {"greg"},
	"jeffrey":   {"jeff"},
	"lawrence":  {"larry"},
	"ronald":    {"ron", "ronnie"},
	"timothy":   {"tim", "timmy"},
	"zachary":   {"zach", "zack"},
	"joshua":    {"josh"},
	"nathan":    {"nate"},
	"victoria":  {"vicky", "vicki", "tori"},
	"amanda":    {"mandy"},
	"frederick": {"fred", "freddie", "freddy"},
	"jacob":     {"jake"},
	"peter":     {"pete"},
	"gabriel":   {"gabe"},
}

// givenNames is nicknames inverted: each nickname to its given name.
var givenNames = func() map[string]string {
	m := make(map[string]string)
	for given, nicks := range nicknames {
		for _, n := range nicks {
			m[n] = given
		}
	}
	return m
}()

// givenName returns the given name a nickname shortens; other words are
// returned unchanged.
func givenName(w string) string {
	if given, ok := givenNames[w]; ok {
		return given
	}
	return w
}
