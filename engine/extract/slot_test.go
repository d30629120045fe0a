package extract

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestContradicts(t *testing.T) {
	tests := []struct {
		name     string
		old, new Slot
		want     bool
	}{
		{"relocation", Slot{"alice", "lives_in", "paris", ""}, Slot{"alice", "lives_in", "berlin", ""}, true},
		{"same value", Slot{"alice", "lives_in", "paris", ""}, Slot{"alice", "lives_in", "paris", ""}, false},
		{"same value after normalisation", Slot{"Alice", "lives_in", "the Paris", ""}, Slot{"alice ", "LIVES_IN", "paris.", ""}, false},
		{"other subject", Slot{"alice", "lives_in", "paris", ""}, Slot{"bob", "lives_in", "berlin", ""}, false},
		{"a relative by name", Slot{"user's colleague tom", "lives_in", "lyon", ""}, Slot{"tom", "lives_in", "nice", ""}, true},
		{"another relative of that name", Slot{"user's colleague tom", "lives_in", "lyon", ""}, Slot{"user's brother tom", "lives_in", "nice", ""}, false},
		{"a setting by other words", Slot{"retries cap", "setting", "30 seconds", ""}, Slot{"backoff cap", "setting", "2 minutes", ""}, true},
		{"a new amount of one unit", Slot{"user", "weigh", "82 kg", ""}, Slot{"user", "weigh", "76 kg", ""}, true},
		{"amounts of two units", Slot{"user", "have", "2 dogs", ""}, Slot{"user", "have", "1 cat", ""}, false},
		{"an amount cut down to", Slot{"user", "work", "40 hours", ""}, Slot{"user", "cut", "down to 32 hours", ""}, true},
		{"an amount of another unit cut down to", Slot{"user", "work", "40 hours", ""}, Slot{"user", "cut", "down to 2 coffees", ""}, false},
		{"another's amount", Slot{"user", "weigh", "82 kg", ""}, Slot{"user's dog", "weigh", "12 kg", ""}, false},
		{"a setting in another unit", Slot{"retry limit", "setting", "5", ""}, Slot{"backoff cap", "setting", "2 minutes", ""}, false},
		{"a setting changed by a shorter name", Slot{"training batch size", "setting", "64", ""}, Slot{"user's batch size", "set_to", "32", ""}, true},
		{"a shorter name said, not changed", Slot{"training batch size", "setting", "64", ""}, Slot{"batch size", "setting", "32", ""}, false},
		{"a change naming one word", Slot{"training batch size", "setting", "64", ""}, Slot{"user's size", "set_to", "32", ""}, false},
		{"other predicate", Slot{"alice", "lives_in", "paris", ""}, Slot{"alice", "works_at", "google", ""}, false},
		{"new job", Slot{"user", "works_at", "deloitte", ""}, Slot{"user", "works_at", "stripe", ""}, true},
		{"next school year", Slot{"user's son", "school_year", "3rd", ""}, Slot{"user's son", "school_year", "4th", ""}, true},
		{"another child's school year", Slot{"user's son", "school_year", "3rd", ""}, Slot{"user's daughter", "school_year", "5th", ""}, false},
		{"quit the job", Slot{"user", "works_at", "deloitte", ""}, Slot{"user", "works_at", "not deloitte", ""}, true},
		{"negation of another value", Slot{"user", "lives_in", "berlin", ""}, Slot{"user", "lives_in", "not madrid", ""}, false},
		{"back after a negation", Slot{"user", "lives_in", "not madrid", ""}, Slot{"user", "lives_in", "madrid", ""}, true},
		{"two negations", Slot{"user", "lives_in", "not madrid", ""}, Slot{"user", "lives_in", "not paris", ""}, false},
		{"favourite flips", Slot{"user", "favourite_color", "blue", ""}, Slot{"user", "favourite_color", "green", ""}, true},
		{"age", Slot{"user", "age", "34", ""}, Slot{"user", "age", "35", ""}, true},
		{"retiring ends the job", Slot{"user", "job_title", "pilot", ""}, Slot{"user", "employment", "none", ""}, true},
		{"retiring ends no one else's job", Slot{"alice", "job_title", "pilot", ""}, Slot{"user", "employment", "none", ""}, false},
		{"selling the thing named by its last word", Slot{"user", "drive", "honda civic", ""}, Slot{"user", "disposed", "civic", "civic"}, true},
		{"selling another thing", Slot{"user", "drive", "honda civic", ""}, Slot{"user", "disposed", "bike", "bike"}, false},
		{"a date said with and without on", Slot{"user's birthday", "located", "august 14", ""}, Slot{"user's birthday", "identity", "april 14", ""}, true},
		{"a place of another thing", Slot{"user's office", "located", "berlin", ""}, Slot{"user's birthday", "identity", "april 14", ""}, false},
		{"second allergy is no contradiction", Slot{"user", "allergic_to", "peanuts", ""}, Slot{"user", "allergic_to", "shellfish", ""}, false},
		{"allergy outgrown", Slot{"user", "allergic_to", "peanuts", ""}, Slot{"user", "allergic_to", "not peanuts", ""}, true},
		{"second like is no contradiction", Slot{"user", "likes", "sushi", ""}, Slot{"user", "likes", "pizza", ""}, false},
		{"preference flips", Slot{"user", "likes", "sushi", ""}, Slot{"user", "likes", "not sushi", ""}, true},
		{"habit dropped", Slot{"user", "eat", "meat", ""}, Slot{"user", "eat", "not meat", ""}, true},
		{"an instruction stopped, said inflected", Slot{"instruction", "add", "a comment above every function", ""}, Slot{"instruction", "add", "not comments above every function", ""}, true},
		{"habit dropped, said of an amount", Slot{"user", "drink", "4 coffees", ""}, Slot{"user", "drink", "not coffee", ""}, true},
		{"habit dropped, said of a kind", Slot{"user", "eat", "red meat", ""}, Slot{"user", "eat", "not meat", ""}, true},
		{"a meatless diet ends eating meat", Slot{"user", "eat", "meat", ""}, Slot{"user", "diet", "vegan", ""}, true},
		{"eating meat ends a meatless diet", Slot{"user", "diet", "vegetarian", ""}, Slot{"user", "eat", "chicken", ""}, true},
		{"another's diet leaves the eating be", Slot{"user", "eat", "meat", ""}, Slot{"user's wife", "diet", "vegan", ""}, false},
		{"a meatless diet leaves other food be", Slot{"user", "eat", "rice", ""}, Slot{"user", "diet", "vegan", ""}, false},
		{"selling the car ends what is driven", Slot{"user", "drive", "mazda 3", ""}, Slot{"user", "disposed", "car", "car"}, true},
		{"selling the car leaves what is ridden", Slot{"user", "ride", "vespa", ""}, Slot{"user", "disposed", "car", "car"}, false},
		{"selling another's car", Slot{"user's dad", "drive", "corolla", ""}, Slot{"user", "disposed", "car", "car"}, false},
		{"a home bought ends renting one", Slot{"user", "rent", "apartment", ""}, Slot{"user and user's wife", "home", "owned", ""}, true},
		{"a home bought leaves renting a car", Slot{"user", "rent", "car", ""}, Slot{"user", "home", "owned", ""}, false},
		{"a post stepped down from", Slot{"user", "post", "treasurer", ""}, Slot{"user", "post", "not treasurer", ""}, true},
		{"a second post", Slot{"user", "post", "treasurer", ""}, Slot{"user", "post", "captain", ""}, false},
		{"another thing not done", Slot{"user", "drink", "4 coffees", ""}, Slot{"user", "drink", "not tea", ""}, false},
		{"a kind not done leaves the whole", Slot{"user", "eat", "meat", ""}, Slot{"user", "eat", "not red meat", ""}, false},
		{"a job title by its slang noun", Slot{"user", "job_title", "junior dev", ""}, Slot{"user", "job_title", "senior dev", ""}, true},
		{"empty old", Slot{}, Slot{"user", "age", "35", ""}, false},
		{"empty new value", Slot{"user", "age", "34", ""}, Slot{"user", "age", "", ""}, false},
		{"a move said together", Slot{"user", "lives_in", "york", ""}, Slot{"user's partner and user", "lives_in", "leeds", ""}, true},
		{"a move of the others only", Slot{"user", "lives_in", "york", ""}, Slot{"user's partner and user's son", "lives_in", "leeds", ""}, false},
		{"a tool no longer used", Slot{"user's ci", "run_on", "jenkins", ""}, Slot{"user", "use", "not jenkins", "jenkins"}, true},
		{"role given up", Slot{"user's manager", "identity", "sarah", ""}, Slot{"user's manager", "identity", "not sarah", ""}, true},
		{"setting changed", Slot{"api timeout", "setting", "30 seconds", ""}, Slot{"api timeout", "setting", "60 seconds", ""}, true},
		{"setting set anew by its owner", Slot{"api timeout", "setting", "30 seconds", ""}, Slot{"user's api timeout", "set_to", "60 seconds", ""}, true},
		{"another setting", Slot{"read timeout", "setting", "5 seconds", ""}, Slot{"user's write timeout", "set_to", "10 seconds", ""}, false},
		{"renamed", Slot{"user's default branch", "is", "master", ""}, Slot{"user's default branch", "set_to", "main", ""}, true},
		{"two things a thing is", Slot{"user's car", "is", "red", ""}, Slot{"user's car", "is", "fast", ""}, false},
		{"a thing is no longer so", Slot{"user's car", "is", "red", ""}, Slot{"user's car", "is", "not red", ""}, true},
		{"version set", Slot{"node", "version", "18", ""}, Slot{"user's node", "set_to", "20", ""}, true},
		{"name changed", Slot{"user", "name", "sam", ""}, Slot{"user's name", "set_to", "bob", ""}, true},
		{"a verb is no name", Slot{"user", "name", "sam", ""}, Slot{"user", "names", "branches main", ""}, false},
		{"a break-up ends the partner", Slot{"user", "partner", "leo", ""}, Slot{"leo and user", "relationship_status", "single", ""}, true},
		{"someone else's break-up", Slot{"user", "partner", "leo", ""}, Slot{"alice and bob", "relationship_status", "single", ""}, false},
		{"an engagement keeps the partner", Slot{"user", "partner", "leo", ""}, Slot{"user", "relationship_status", "engaged", ""}, false},
		{"a habit given up with its amount", Slot{"user", "smoke", "about ten cigarettes a day", ""}, Slot{"user", "does", "not smoke", ""}, true},
		{"another habit given up", Slot{"user", "drink", "coffee", ""}, Slot{"user", "does", "not smoke", ""}, false},
		{"not drinking is about alcohol", Slot{"user", "drink", "coffee every morning", ""}, Slot{"user", "does", "not drink", ""}, false},
		{"a date of a thing named two ways", Slot{"deadline for the migration", "date", "2025-04-15", ""}, Slot{"migration deadline", "date", "2025-05-01", ""}, true},
		{"a date of another thing", Slot{"deadline for the audit", "date", "2025-04-15", ""}, Slot{"migration deadline", "date", "2025-05-01", ""}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Contradicts(tt.old, tt.new); got != tt.want {
				t.Errorf("Contradicts(%+v, %+v) = %v, want %v", tt.old, tt.new, got, tt.want)
			}
		})
	}
}

func TestSlotOf(t *testing.T) {
	tests := []struct {
		name string
		text string
		want *Slot
	}{
		{"lives in", "Alice lives in Paris", &Slot{"alice", "lives_in", "paris", ""}},
		{"on a listed tool", "User is on bun now for installs and scripts", &Slot{"user", "use", "bun", ""}},
		{"a repo on a listed tool", "The web repo is on Vitest", &Slot{"web repo", "use", "vitest", ""}},
		{"on a tool's version", "User is on pnpm 9", &Slot{"pnpm", "version", "9", ""}},
		{"on call is no tool", "User is on call this week", nil},
		{"stepped down from a role", "User stepped down from managing", &Slot{"user", "does", "not manage", ""}},
		{"a plan fills no slot", "User plans to upgrade to Postgres 16 next quarter", nil},
		{"a frequency said first", "Every morning User takes User's metformin", &Slot{"user", "take", "user's metformin", ""}},
		{"a weekday frequency said first", "On Sundays, User calls User's mother", &Slot{"user", "call", "user's mother", ""}},
		{"a note without its subject", "Prefers tabs to spaces", &Slot{"user", "prefers", "tabs", ""}},
		{"a school year", "User's son is in 3rd grade", &Slot{"user's son", "school_year", "3rd", ""}},
		{"a school year started", "User's son started 4th grade this fall", &Slot{"user's son", "school_year", "4th", ""}},
		{"a name that is no verb", "Jones likes tea", &Slot{"jones", "likes", "tea", ""}},
		{"a wish fills no slot", "User is thinking about moving to Hamburg", nil},
		{"a month is no modal", "The launch is on May 3", &Slot{"launch", "located", "may 3", ""}},
		{"an amount with a thousands comma", "User's salary is $85,000 a year", &Slot{"user's salary", "setting", "85000 a", ""}},
		{"a change names its thing's owner", "The landlord raised User's rent to 1,600 euros", &Slot{"user's rent", "set_to", "1600 euros", ""}},
		{"a group's size", "User's team is down to 8 people", &Slot{"user's team", "setting", "8 people", ""}},
		{"a rename of a thing said with its kind", "User renamed the atlas-api repo to orbit-api", &Slot{"user", "uses", "orbit-api", "atlas-api"}},
		{"a rename of a plain thing sets it", "User renamed the default branch to trunk", &Slot{"user's default branch", "set_to", "trunk", ""}},
		{"lives in with a date", "User lives in Lisbon since 2024-05-06", &Slot{"user", "lives_in", "lisbon", ""}},
		{"lives in, and why", "User lives in Groningen to be near her since May 2024", &Slot{"user", "lives_in", "groningen", ""}},
		{"lives in, and what for", "User lives in Austin to take a job at Dell", &Slot{"user", "lives_in", "austin", ""}},
		{"lives in a place with 'to' in its words", "User lives in a house next to the sea", &Slot{"user", "lives_in", "house next to the sea", ""}},
		{"based in", "User is based in Cape Town.", &Slot{"user", "lives_in", "cape town", ""}},
		{"no longer lives", "User no longer lives in Madrid", &Slot{"user", "lives_in", "not madrid", ""}},
		{"does not live", "Bob doesn't live in Rome anymore", &Slot{"bob", "lives_in", "not rome", ""}},
		{"works at with place", "User's brother works at Airbus in Toulouse", &Slot{"user's brother", "works_at", "airbus", ""}},
		{"works remotely for", "User works remotely for Mozilla from home", &Slot{"user", "works_at", "mozilla", ""}},
		{"no longer works", "User no longer works at Deloitte since 2024-05-07", &Slot{"user", "works_at", "not deloitte", ""}},
		{"works as", "User works as a UX designer in Vienna", &Slot{"user", "job_title", "ux designer", ""}},
		{"at a company now", "User is at Shopify now", &Slot{"user", "works_at", "shopify", ""}},
		{"now at a company", "User is now at Goldman Sachs", &Slot{"user", "works_at", "goldman sachs", ""}},
		{"at a place is no employer", "User is at the gym now", nil},
		{"at a company without a word of now", "User is at Shopify", nil},
		{"at a company since a season", "User has been at Siemens since last spring", &Slot{"user", "works_at", "siemens", ""}},
		{"at a company since a date", "User has been at Siemens since 2024-05-01", &Slot{"user", "works_at", "siemens", ""}},
		{"at an airport for hours", "User has been at Heathrow for hours", nil},
		{"at an airport since the morning", "User has been at Heathrow since 6am", nil},
		{"a job of something", "User is now a director of product", &Slot{"user", "job_title", "director of product", ""}},
		{"a clause before the subject", "Kevin's gone, User's boss is Linda now", &Slot{"user's boss", "identity", "linda", ""}},
		{"stopped using a tool", "User stopped using Jenkins", &Slot{"user", "disposed", "jenkins", "jenkins"}},
		{"an owner", "Dana owns the payments service", &Slot{"payments service", "owned_by", "dana", ""}},
		{"a means", "User commutes by train", &Slot{"user", "commute", "train", ""}},
		{"a setting without its article", "Max connections is set to 100", &Slot{"max connections", "setting", "100", ""}},
		{"a person is no bare thing", "Anna Smith is 34", &Slot{"anna smith", "age", "34", ""}},
		{"a new owner", "Raj owns the payments service now", &Slot{"payments service", "owned_by", "raj", ""}},
		{"a maintainer", "User maintains the docs site in Hugo", &Slot{"docs site", "maintained_by", "user", ""}},
		{"quit an employer", "Nina quit Uber in the week of 2025-02-24", &Slot{"nina", "disposed", "uber", "uber"}},
		{"quit the job", "User quit User's job", &Slot{"user", "employment", "none", ""}},
		{"quit a habit", "User quit smoking", &Slot{"user", "does", "not smoke", ""}},
		{"is a job", "User is a senior data scientist", &Slot{"user", "job_title", "senior data scientist", ""}},
		{"is a non-job", "User is a big fan", nil},
		{"age", "User is 34 years old", &Slot{"user", "age", "34", ""}},
		{"name", "User's name is Priya", &Slot{"user", "name", "priya", ""}},
		{"pet name", "User's dog's name is Max", &Slot{"user's dog", "name", "max", ""}},
		{"partner", "Alice's husband is Tom", &Slot{"alice", "partner", "tom", ""}},
		{"partner description is no name", "Alice's husband is a doctor", &Slot{"alice's husband", "job_title", "doctor", ""}},
		{"favourite", "User's favourite colour is green", &Slot{"user", "favourite_color", "green", ""}},
		{"favourite inverted", "Sushi is User's favorite food", &Slot{"user", "favourite_food", "sushi", ""}},
		{"favourite now", "User's favorite band is now Radiohead, not Coldplay", &Slot{"user", "favourite_band", "radiohead", ""}},
		{"from", "User is from Mumbai", &Slot{"user", "from", "mumbai", ""}},
		{"diet", "User is vegetarian since March 2024", &Slot{"user", "diet", "vegetarian", ""}},
		{"diet negated", "User is no longer vegan", &Slot{"user", "diet", "not vegan", ""}},
		{"relationship", "User has been married since 2015", &Slot{"user", "relationship_status", "married", ""}},
		{"allergy", "User's daughter is allergic to eggs", &Slot{"user's daughter", "allergic_to", "eggs", ""}},
		{"loves", "User loves Thai food", &Slot{"user", "likes", "thai food", ""}},
		{"hates", "User hates cilantro", &Slot{"user", "likes", "not cilantro", ""}},
		{"not a fan", "User is not a big fan of horror movies", &Slot{"user", "likes", "not horror movies", ""}},
		{"prefers", "User prefers tea over coffee", &Slot{"user", "prefers", "tea", ""}},
		{"generic negated verb", "User does not eat meat anymore", &Slot{"user", "eat", "not meat", ""}},
		{"generic never", "User never drinks alcohol", &Slot{"user", "drink", "not alcohol", ""}},
		{"a state since a fronted time", "Since last spring User has been vegan", &Slot{"user", "diet", "vegan", ""}},
		{"a state over a fronted stretch", "For the past two months User has been working from home", &Slot{"user", "work_from", "home", ""}},
		{"a fronted name is no time", "Since January User has lived in Leeds", &Slot{"user", "lives_in", "leeds", ""}},
		{"seeing someone is dating", "User has been seeing someone since March 2025", &Slot{"user", "relationship_status", "dating", ""}},
		{"seeing a doctor is no dating", "User has been seeing a therapist", &Slot{"user", "see", "therapist", ""}},
		{"divorced said as an event", "User's wife and User divorced in 2024", &Slot{"user's wife and user", "relationship_status", "divorced", ""}},
		{"the one reported to is the manager", "User reports to Daniel now", &Slot{"user's manager", "identity", "daniel", ""}},
		{"reporting to no one named names no manager", "User reports to the board", &Slot{"user", "report", "to the board", ""}},
		{"a name said first", "Zoe is User's daughter's name", &Slot{"user's daughter", "name", "zoe", ""}},
		{"a pronoun is no name", "That is User's name", nil},
		{"a thing given to someone", "User gave User's Nintendo Switch to User's nephew", &Slot{"user", "disposed", "nintendo switch", "nintendo switch"}},
		{"an account deleted", "User deleted User's Facebook account", &Slot{"user", "disposed", "facebook", "facebook"}},
		{"a book finished", "User finished Dune", &Slot{"user", "disposed", "dune", "dune"}},
		{"a sum is no year", "User's rent went up to $2,050", &Slot{"user's rent", "set_to", "2050", ""}},
		{"a year is no sum", "User's lease was moved to 2026", nil},
		{"cannot handle is a dislike", "User cannot handle spicy food these days", &Slot{"user", "likes", "not spicy food", ""}},
		{"a new thing owned is set anew", "User's new email is ana@newmail.io", &Slot{"user's email", "set_to", "ana newmail io", ""}},
		{"a post held", "User is the treasurer of User's book club", &Slot{"user", "post", "treasurer", ""}},
		{"a post stepped down from", "User stepped down as treasurer of the book club", &Slot{"user", "post", "not treasurer", ""}},
		{"a rank is no post", "User is the youngest of three", nil},
		{"a home bought", "User bought a house in Leeds", &Slot{"user", "home", "owned", ""}},
		{"a plan is no couple's status", "Dave and Carol are getting married in June 2024", nil},
		{"generic habit", "User plays the cello", &Slot{"user", "play", "cello", ""}},
		{"perfect tense is no possession", "Bob has never been to Japan", nil},
		{"past event has no slot", "User adopted a cat on 2024-03-14", nil},
		{"plan has no slot", "User is moving to Amsterdam in June 2024", nil},
		{"empty", "  ", nil},
		{"plural subject lives", "User's parents live in York now", &Slot{"user's parents", "lives_in", "york", ""}},
		{"plural subject correction", "User's parents live in Houston, not Dallas", &Slot{"user's parents", "lives_in", "houston", ""}},
		{"age now", "User is 35 now", &Slot{"user", "age", "35", ""}},
		{"verb without object", "User smokes again, sadly", &Slot{"user", "does", "smoke", ""}},
		{"negated verb without object", "User does not smoke", &Slot{"user", "does", "not smoke", ""}},
		{"role filled by a name", "User's manager is Sarah", &Slot{"user's manager", "identity", "sarah", ""}},
		{"role inverted in a last clause", "Sarah left, Tom is User's manager now", &Slot{"user's manager", "identity", "tom", ""}},
		{"one friend of many", "Tom is User's friend", nil},
		{"new role", "User's new manager is Priya", &Slot{"user's manager", "identity", "priya", ""}},
		{"an adverb is no part of the subject", "Jess finally no longer works at the bank", &Slot{"jess", "works_at", "not bank", ""}},
		{"where a person is, is no location", "Mark is still at Boeing, same old", nil},
		{"where a relative is, is no location", "User's sister is in Paris", nil},
		{"age with a tail", "User is 27 now, getting old", &Slot{"user", "age", "27", ""}},
		{"hired", "User got hired by Stripe in May", &Slot{"user", "works_at", "stripe", ""}},
		{"not there anymore", "User is not at Google anymore", &Slot{"user", "disposed", "google", "google"}},
		{"scheduled date", "The launch is on 2025-06-10", &Slot{"launch", "date", "2025-06-10", ""}},
		{"date slipped", "The launch slipped to 2025-07-01", &Slot{"launch", "date", "2025-07-01", ""}},
		{"located on a port", "The staging DB is on port 5432", &Slot{"staging db", "located", "port 5432", ""}},
		{"deployed on a host", "The API is deployed on Heroku", &Slot{"api", "located", "heroku", ""}},
		{"moved to a host", "User migrated the API to Fly.io", &Slot{"api", "located", "fly io", ""}},
		{"moving back is no thing moved", "User moved back to Porto", nil},
		{"a state is no place", "User is in a band", nil},
		{"retired", "User retired in 2024", &Slot{"user", "employment", "none", ""}},
		{"decided to use", "User decided to use MySQL for the orders service", &Slot{"user", "uses", "mysql", ""}},
		{"sold", "User sold the Civic last week", &Slot{"user", "disposed", "civic", "civic"}},
		{"left a city", "Alice left Berlin in May", &Slot{"alice", "disposed", "berlin", "berlin"}},
		{"instruction", "Always use yarn in this repo", &Slot{"instruction", "uses", "yarn", ""}},
		{"instruction negated", "Do not use yarn anymore, use pnpm", &Slot{"instruction", "uses", "not yarn", ""}},
		{"instruction switch", "Use camelCase for database columns instead of snake_case", &Slot{"instruction", "uses", "camelcase", "snake case"}},
		{"a plural noun is no verb", "Never commit the generated columns", &Slot{"instruction", "commit", "not generated columns", ""}},
		{"a habit instruction", "Always add a comment above every function", &Slot{"instruction", "add", "comment above every function", ""}},
		{"a habit stopped", "Stop adding comments above every function, only exported ones", &Slot{"instruction", "add", "not comments above every function", ""}},
		{"a rename", "User renamed master to main", &Slot{"user", "uses", "main", "master"}},
		{"partner by name", "User's girlfriend is called Nina", &Slot{"user", "partner", "nina", ""}},
		{"switched back", "User switched the orders service from MySQL back to Postgres", &Slot{"user's orders service", "uses", "postgres", "mysql"}},
		{"no longer uses", "User no longer uses Jenkins", &Slot{"user", "use", "not jenkins", "jenkins"}},
		{"a named tool dropped", "User dropped Redux last sprint", &Slot{"user", "disposed", "redux", "redux"}},
		{"role given up", "Sarah is no longer User's manager", &Slot{"user's manager", "identity", "not sarah", ""}},
		{"a thing had and named", "User has a cat named Luna", &Slot{"user's cat", "named", "luna", ""}},
		{"has got", "User has got two dogs", &Slot{"user", "have", "two dogs", ""}},
		{"has got hired", "User has got hired by Stripe", &Slot{"user", "works_at", "stripe", ""}},
		{"graduated", "User graduated from MIT in May 2024", &Slot{"user", "studies_at", "not mit", ""}},
		{"broke up", "Tom and User broke up", &Slot{"tom and user", "relationship_status", "single", ""}},
		{"traded in", "User traded in User's Corolla for a Mazda", &Slot{"user", "uses", "mazda", "corolla"}},
		{"a model with an article", "User upgraded to an iPhone 15", &Slot{"iphone", "version", "15", ""}},
		{"habit given up", "User quit smoking in 2024", &Slot{"user", "does", "not smoke", ""}},
		{"habit with an object given up", "User stopped drinking coffee", &Slot{"user", "drink", "not coffee", ""}},
		{"a habit with a frequency", "User smokes every day", &Slot{"user", "does", "smoke", ""}},
		{"an adverb before the participle", "User is currently living in Lyon", &Slot{"user", "lives_in", "lyon", ""}},
		{"a thing moved is no home", "User's standup moved to 10am", &Slot{"user's standup", "set_to", "10am", ""}},
		{"setting with a unit", "The API timeout is 30 seconds", &Slot{"api timeout", "setting", "30 seconds", ""}},
		{"setting without a unit", "The retry limit is 3", &Slot{"retry limit", "setting", "3", ""}},
		{"a person's number is an age, no setting", "User's son is 5", &Slot{"user's son", "age", "5", ""}},
		{"set to", "User raised the API timeout to 60 seconds", &Slot{"user's api timeout", "set_to", "60 seconds", ""}},
		{"renamed from to", "User renamed the default branch from master to main", &Slot{"user's default branch", "set_to", "main", "master"}},
		{"a purpose is no value", "User updated User's resume to include the new job", nil},
		{"changed by itself", "User's rent went up to 1400 euros a month", &Slot{"user's rent", "set_to", "1400 euros a month", ""}},
		{"what a thing is", "User's default branch is master", &Slot{"user's default branch", "is", "master", ""}},
		{"a degree is no value", "User's laptop is very slow", nil},
		{"a verb named like a predicate", "User names branches feature/<ticket>", &Slot{"user", "names", "branches feature/ ticket", ""}},
		{"a favourite said short", "User's fav food is def tacos now", &Slot{"user", "favourite_food", "tacos", ""}},
		{"a favourite misspelt", "User's favourit color is blue", &Slot{"user", "favourite_color", "blue", ""}},
		{"an adverb before the verb", "User now deploys from the release branch", &Slot{"user", "deploy_from", "release branch", ""}},
		{"a start time before the subject", "From next week on User deploys on tuesdays instead", &Slot{"user", "deploy_on", "tuesdays", ""}},
		{"a hedged amount", "User smokes about half a pack a day", &Slot{"user", "smoke", "half a pack", ""}},
		{"a statement and its consequence", "User is a nurse so night shifts are normal for User", &Slot{"user", "job_title", "nurse", ""}},
		{"a slang job title", "User is a junior dev at stripe", &Slot{"user", "job_title", "junior dev", ""}},
		{"a lower-case tool dropped", "User dropped redis, sessions live in postgres now", &Slot{"user", "disposed", "redis", "redis"}},
		{"a move to a host is a switch", "User moved from heroku to fly.io", &Slot{"user", "uses", "fly io", "heroku"}},
		{"an instruction with its rejected tool", "Use pnpm not npm", &Slot{"instruction", "uses", "pnpm", "npm"}},
		{"dating is a status", "User is dating someone named Theo", &Slot{"user", "relationship_status", "dating", ""}},
		{"working remotely from a town is living there", "User works remotely from Krakow", &Slot{"user", "lives_in", "krakow", ""}},
		{"working remotely from home names no town", "User works remotely from home", &Slot{"user", "work", "remotely", ""}},
		{"a phone number is one value", "User's phone number is 555-0142", &Slot{"user's phone number", "identity", "555-0142", ""}},
		{"a new thing of the user's is the thing", "User's new address is 40 Mill Road", &Slot{"user's address", "setting", "40 mill", ""}},
		{"a component is on a port", "Grafana is on port 3300 now", &Slot{"grafana", "located", "port 3300", ""}},
		{"a preference now", "User now prefers light mode", &Slot{"user", "prefers", "light mode", ""}},
		{"any verb instead of another way", "User names branches <ticket>-<slug> instead of feature/<ticket>", &Slot{"user", "uses", "branches ticket - slug", "feature/ ticket"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, SlotOf(tt.text)); diff != "" {
				t.Errorf("SlotOf(%q) (-want +got):\n%s", tt.text, diff)
			}
		})
	}
}

func TestSlotValueDropsRelativeTimes(t *testing.T) {
	for _, s := range []string{"User lives in Vienna in spring", "User lives in Vienna since last year",
		"User lives in Vienna this year", "User lives in Vienna now", "User lives in Vienna recently"} {
		if got := SlotOf(s); got == nil || got.Value != "vienna" {
			t.Errorf("SlotOf(%q) = %+v, want value vienna", s, got)
		}
	}
}

func TestIngBase(t *testing.T) {
	for in, want := range map[string]string{"smoking": "smoke", "running": "run", "drinking": "drink", "dancing": "dance",
		"driving": "drive", "cooking": "cook", "eating": "eat", "swimming": "swim", "playing": "play", "using": "use", "doing": "do", "ing": "",
		"managing": "manage", "judging": "judge", "singing": "sing", "bringing": "bring",
		"meditating": "meditate", "commuting": "commute", "treating": "treat", "donating": "donate", "shouting": "shout"} {
		if got := ingBase(in); got != want {
			t.Errorf("ingBase(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestNewForPurpose(t *testing.T) {
	tests := []struct {
		name, old, new string
		want           bool
	}{
		{"same purpose", "User uses Jest for tests", "User uses Vitest for tests now", true},
		{"two purposes", "User uses Postgres for the orders service", "User uses Redis for caching now", false},
		{"no purpose", "User uses Jest", "User uses Vitest now", false},
		{"same tool", "User uses Jest for tests", "User uses Jest for tests now", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := NewForPurpose(tt.old, tt.new); got != tt.want {
				t.Errorf("NewForPurpose(%q, %q) = %v, want %v", tt.old, tt.new, got, tt.want)
			}
		})
	}
}

func TestNewSchedule(t *testing.T) {
	tests := []struct {
		name, old, new string
		want           bool
	}{
		{"another day", "User deploys every Tuesday", "User deploys every Thursday now", true},
		{"another habit", "User runs every morning", "User swims every evening now", false},
		{"same day", "User deploys every Tuesday", "User deploys every Tuesday now", false},
		{"no schedule", "User deploys", "User deploys every Tuesday now", false},
		{"another time of day", "User takes User's insulin at 8pm", "User takes User's insulin at 10pm now", true},
		{"one time of day spelt two ways", "User takes User's insulin at 8pm", "User takes User's insulin at 8 p.m. now", false},
		{"a time of day added", "User walks the dog at 7am", "User walks the dog at 7am and at 6pm now", false},
		{"a time of another habit", "User takes User's insulin at 8pm", "User walks the dog at 10pm now", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := NewSchedule(tt.old, tt.new); got != tt.want {
				t.Errorf("NewSchedule(%q, %q) = %v, want %v", tt.old, tt.new, got, tt.want)
			}
		})
	}
}

func TestSameState(t *testing.T) {
	tests := []struct {
		name     string
		old, new Slot
		want     bool
	}{
		{"same name", Slot{"user's cat", "name", "luna", ""}, Slot{"user's cat", "named", "luna", ""}, true},
		{"another name", Slot{"user's cat", "named", "luna", ""}, Slot{"user's cat", "named", "mia", ""}, false},
		{"a liking in other words", Slot{"user", "likes", "jazz", ""}, Slot{"user", "likes", "jazz", ""}, true},
		{"a habit may differ in its qualifiers", Slot{"user", "does", "deploy", ""}, Slot{"user", "does", "deploy", ""}, false},
		{"a setting of a related subject", Slot{"api timeout", "setting", "30 seconds", ""}, Slot{"user's api timeout", "setting", "30 seconds", ""}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := SameState(tt.old, tt.new); got != tt.want {
				t.Errorf("SameState(%+v, %+v) = %v, want %v", tt.old, tt.new, got, tt.want)
			}
		})
	}
}

func TestTakesBack(t *testing.T) {
	tests := []struct {
		name, old, new string
		want           bool
	}{
		{"the other one now", "User prefers tabs over spaces", "User prefers spaces now", true},
		{"to", "User prefers tea to coffee", "User prefers coffee these days", true},
		{"the same one again", "User prefers tabs over spaces", "User prefers tabs", false},
		{"a third thing", "User prefers tabs over spaces", "User prefers dark mode", false},
		{"someone else", "User prefers tabs over spaces", "Alice prefers spaces", false},
		{"no alternative named", "User prefers tabs", "User prefers spaces", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := TakesBack(tt.old, tt.new); got != tt.want {
				t.Errorf("TakesBack(%q, %q) = %v, want %v", tt.old, tt.new, got, tt.want)
			}
		})
	}
}

func TestThingSubject(t *testing.T) {
	tests := map[string]bool{
		"The staging DB": true, "User's laptop": true, "User's sister": false, "Code freeze": true,
		"Max connections": true, "Anna Smith": false, "Mom and dad": false, "Sam's": false, "Mark": false,
		"My sister": false, "Our parents": false, "User's sister Priya": false, "User's laptop Pro": true,
	}
	for s, want := range tests {
		if got := thingSubject(s); got != want {
			t.Errorf("thingSubject(%q) = %v, want %v", s, got, want)
		}
	}
}

// TestMovedOnDestination: a verb that goes one place at a time moves to a new "to X";
// a verb whose "to" names what it is done with does not.
func TestMovedOnDestination(t *testing.T) {
	tests := []struct {
		old, new string
		want     bool
	}{
		{"User goes to planet fitness", "User is going to the ymca", true},
		{"User deploys to us-east-1", "User deploys to eu-west-1", true},
		{"User listens to jazz", "User listens to podcasts", false},
		{"The dev server runs on port 3000", "The dev server is on port 5173", true},
		{"The dev server runs on port 3000", "The api is on port 5173", false},
		{"User goes to planet fitness", "Alice goes to the ymca", false},
		{"User prefers dark mode", "User now prefers light mode", true},
		{"User prefers dark mode", "User now prefers green tea", false},
		{"User drives a Fiat Panda", "User drives a Skoda Fabia now", true},
		{"User drives a Fiat Panda", "User's wife drives a Skoda Fabia now", false},
	}
	for _, tt := range tests {
		o, n := SlotOf(tt.old), SlotOf(tt.new)
		if o == nil || n == nil {
			t.Fatalf("no slot: %q → %v, %q → %v", tt.old, o, tt.new, n)
		}
		if got := MovedOn(*o, *n); got != tt.want {
			t.Errorf("MovedOn(%q, %q) = %v, want %v", tt.old, tt.new, got, tt.want)
		}
	}
}

// contradictCase is two statements and whether the second's slot ends the first's.
type contradictCase struct {
	name     string
	old, new string
	want     bool
}

// wantContradicts checks each case's Contradicts(SlotOf(old), SlotOf(new)) (false when either
// statement fills no slot).
func wantContradicts(t *testing.T, tests []contradictCase) {
	t.Helper()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o, n := SlotOf(tc.old), SlotOf(tc.new)
			got := o != nil && n != nil && Contradicts(*o, *n)
			if got != tc.want {
				t.Errorf("Contradicts(%q → %+v, %q → %+v) = %v, want %v", tc.old, o, tc.new, n, got, tc.want)
			}
		})
	}
}
