package service_test

import "testing"

// supersedeFifteenth is the fifteenth round of held-out style probes,
// written before any fix of this round and without reusing the earlier
// rounds' texts. Its new kinds: possessions swapped (car, phone, laptop, a
// pet rehomed), health (a medication started or stopped, a diagnosis
// changed, an allergy outgrown), education (graduated, a major switched,
// dropped out), diets changed both ways, living arrangements, a number that
// goes up and comes down again over three turns (the middle value is
// history), a habit negated, the agent's wrong memory corrected by the user,
// two family members whose facts must not touch, questions and conditionals
// that must not supersede, and Spanish, German and French first-person
// changes. About a quarter is dedupe of one fact restated in other words,
// beside look-alikes that are two facts. Every scenario with a stale value
// asserts the stale fact is kept in history with its validity window closed.
// Baseline before this round's fixes: 33/71; after them 55/71 (16 marked known);
// after reading Spanish, German and French statements further, 58/71 (13 known);
// after "there" took the place named the turn before and a habit started
// ended "none of its kind", 60/71 (11 known); after the twenty-second round read
// "grew up in" as where one is from, 61/71 (10 known).
var supersedeFifteenth = []scenario{
	// Possessions swapped.
	{name: "car traded in", steps: []string{
		"I drive a Honda Civic.", "I traded in my Civic for a Subaru Outback."},
		facts: []string{"Outback"}, gone: []string{"Honda Civic"}, kept: true},
	{name: "phone switched", steps: []string{
		"My phone is a Pixel 7.", "I switched to an iPhone 15 last week."},
		facts: []string{"iPhone 15"}, gone: []string{"Pixel 7"}, kept: true,
		known: "switching \"to an iPhone 15\" is not known to be a phone, so the phone that was a Pixel 7 stays"},
	{name: "new laptop", steps: []string{
		"I use a Dell XPS laptop.", "My new laptop is a MacBook Air."},
		facts: []string{"MacBook Air"}, gone: []string{"Dell XPS"}, kept: true},
	{name: "cat rehomed", steps: []string{
		"We have a cat called Mochi.", "We had to rehome Mochi because my son is allergic."},
		gone: []string{"cat called Mochi"}, kept: true},
	{name: "bike stolen and replaced", steps: []string{
		"I ride a Trek road bike.", "My Trek got stolen, so now I ride a Cannondale."},
		facts: []string{"Cannondale"}, gone: []string{"Trek road bike"}, kept: true},

	// Health.
	{name: "taken off a medication", steps: []string{
		"I take metformin for my diabetes.", "My doctor took me off metformin last month."},
		gone: []string{"takes metformin"}, kept: true},
	{name: "started a medication", steps: []string{
		"I don't take any medication.", "I started taking lisinopril for my blood pressure."},
		facts: []string{"lisinopril"}, gone: []string{"any medication"}, kept: true},
	{name: "diagnosis changed", steps: []string{
		"I was diagnosed with IBS.", "Turns out it's not IBS, they diagnosed me with celiac disease."},
		facts: []string{"celiac"}, gone: []string{"diagnosed with IBS"}, kept: true,
		known: "\"was diagnosed with IBS\" fills no slot, and the new diagnosis is read as about \"it\""},
	{name: "allergy outgrown", steps: []string{
		"I'm allergic to eggs.", "I've outgrown my egg allergy."},
		gone: []string{"allergic to eggs"}, kept: true},
	{name: "no more glasses", steps: []string{
		"I wear glasses.", "I had laser eye surgery, so I don't wear glasses anymore."},
		gone: []string{"wears glasses"}, kept: true},

	// Education.
	{name: "graduated", steps: []string{
		"I'm studying for a master's in economics at LSE.", "I graduated from LSE in June!"},
		facts: []string{"graduated"}, gone: []string{"studying for a master"}, kept: true},
	{name: "major switched", steps: []string{
		"I'm majoring in biology.", "I switched my major to computer science."},
		facts: []string{"computer science"}, gone: []string{"majoring in biology"}, kept: true},
	{name: "dropped out", steps: []string{
		"I'm a sophomore at Ohio State.", "I dropped out of Ohio State to work full time."},
		gone: []string{"sophomore"}, kept: true},
	{name: "next year of law school", steps: []string{
		"I'm in my second year of law school.", "I'm in my third year of law school now."},
		facts: []string{"third year"}, gone: []string{"second year"}, kept: true},

	// Diets changed both ways.
	{name: "vegan to pescatarian", steps: []string{
		"I'm vegan.", "I started eating fish again, so I'm pescatarian now."},
		facts: []string{"pescatarian"}, gone: []string{"User is vegan"}, kept: true},
	{name: "meat eater goes vegetarian", steps: []string{
		"I eat meat.", "I went vegetarian in January."},
		facts: []string{"vegetarian"}, gone: []string{"eats meat"}, kept: true},
	{name: "quit keto", steps: []string{
		"I'm on a keto diet.", "I quit keto, I eat carbs again."},
		gone: []string{"keto diet"}, kept: true},
	{name: "back on dairy", steps: []string{
		"I don't eat dairy.", "I eat dairy again, the intolerance cleared up."},
		gone: []string{"not eat dairy"}, kept: true},

	// Living arrangements.
	{name: "partner moved in", steps: []string{
		"I live alone.", "My boyfriend moved in with me last month."},
		gone: []string{"lives alone"}, kept: true},
	{name: "flatmate moved out", steps: []string{
		"I share a flat with my friend Tom.", "Tom moved out, so I live alone now."},
		facts: []string{"alone"}, gone: []string{"shares a flat"}, kept: true},
	{name: "moved out of parents' house", steps: []string{
		"I live with my parents.", "I moved into my own apartment in Queens."},
		facts: []string{"Queens"}, gone: []string{"parents"}, kept: true,
		known: "moving into one's own apartment is not read as ending living with one's parents"},
	{name: "place named in the turn before", steps: []string{
		"I live in Denver.", "My company opened an office in Austin. || I moved there in May."},
		facts: []string{"Austin"}, gone: []string{"lives in Denver"}, kept: true},

	// A number that goes up and comes down again.
	{name: "weekly mileage up then down", steps: []string{
		"I run 20 miles a week.", "I'm up to 30 miles a week.", "Back down to 15 miles a week after the injury."},
		facts: []string{"15 miles"}, gone: []string{"20 miles", "30 miles"}, kept: true},
	{name: "rent up then negotiated down", steps: []string{
		"My rent is $1,200 a month.", "My rent went up to $1,350 a month.", "I negotiated my rent down to $1,300 a month."},
		facts: []string{"1,300"}, gone: []string{"1,200", "1,350"}, kept: true,
		known: "\"negotiated my rent down to $1,300\" is said of the user, not of the rent, and fills no amount slot"},
	{name: "sleep up then back", steps: []string{
		"I sleep 6 hours a night.", "I've been sleeping 8 hours a night lately.", "I'm back to 6 hours a night with the new baby."},
		facts: []string{"6 hours"}, gone: []string{"8 hours"}, kept: true},
	{name: "team size grows and shrinks", steps: []string{
		"I manage 3 people.", "I manage 7 people now.", "After the reorg I manage 4 people."},
		facts: []string{"4 people"}, gone: []string{"7 people", "3 people"}, kept: true},

	// A habit negated.
	{name: "no longer runs", steps: []string{
		"I run every morning.", "I don't run anymore, my knees can't take it."},
		gone: []string{"runs every morning"}, kept: true},
	{name: "quit smoking", steps: []string{
		"I smoke.", "I quit smoking two months ago."},
		gone: []string{"User smokes"}, kept: true},
	{name: "gave up tennis", steps: []string{
		"I play tennis on weekends.", "I gave up tennis last year."},
		gone: []string{"plays tennis"}, kept: true},
	{name: "stopped meditating", steps: []string{
		"I meditate every day.", "I stopped meditating."},
		gone: []string{"meditates every day"}, kept: true},

	// The agent's memory corrected by the user.
	{name: "name spelling corrected", steps: []string{
		"My daughter's name is Anna.", "A: How is Anna doing? || no, it's Ana with one n, not Anna"},
		gone: []string{"name is Anna"}, kept: true,
		known: "a name's spelling corrected in reply to the agent (\"it's Ana with one n, not Anna\") finds no stored name to replace"},
	{name: "agent's wrong employer denied", steps: []string{
		"I work at Accenture.", "A: Since you work at Capgemini, do you travel a lot? || I don't work at Capgemini, I work at Accenture."},
		facts: []string{"Accenture"}, never: []string{"works at Capgemini"}},
	{name: "pet age corrected", steps: []string{
		"My cat is 4 years old.", "A: Your cat is 4, right? || Actually she turned 5 last week."},
		facts: []string{"5"}, gone: []string{"4 years"}, kept: true},
	{name: "husband's name corrected", steps: []string{
		"My husband is Daniel.", "A: Say hi to David for me! || His name is Daniel, not David."},
		facts: []string{"Daniel"}, never: []string{"husband is David"}},
	{name: "mom's birthday corrected", steps: []string{
		"My mom's birthday is June 3.", "Small correction: mom's birthday is June 13, not June 3."},
		facts: []string{"13"}, gone: []string{"birthday is June 3"}, kept: true},

	// Two family members whose facts must not touch.
	{name: "brother's job changes, sister's stays", steps: []string{
		"My sister is a teacher. || My brother is a lawyer.", "My brother became a judge."},
		facts: []string{"sister is a teacher", "judge"}, gone: []string{"brother is a lawyer"}, kept: true},
	{name: "uncle moves, dad stays", steps: []string{
		"My dad lives in Lagos.", "My uncle moved to Abuja."},
		facts: []string{"Lagos", "Abuja"}},
	{name: "wife's diet is not the user's", steps: []string{
		"I'm vegetarian.", "My wife went vegan."},
		facts: []string{"vegetarian", "vegan"}, never: []string{"User is vegan"}},
	{name: "two children's schools", steps: []string{
		"My son goes to Lincoln Elementary.", "My daughter started at Roosevelt Middle School."},
		facts: []string{"Lincoln", "Roosevelt"}},

	// Questions and conditionals must not supersede.
	{name: "should I sell my car", steps: []string{
		"I drive a Ford Focus.", "Should I sell my car and just take the bus?"},
		facts: []string{"Ford Focus"}},
	{name: "if I move to another city", steps: []string{
		"I live in Porto.", "If I move to Lisbon, would my rent double?"},
		facts: []string{"Porto"}, never: []string{"lives in Lisbon", "moved to Lisbon"}},
	{name: "what if I quit", steps: []string{
		"I work at IBM.", "What if I quit IBM and went freelance?"},
		facts: []string{"works at IBM"}, never: []string{"quit IBM"}},
	{name: "asking about dating", steps: []string{
		"I'm single.", "Do you think I should start dating again?"},
		facts: []string{"single"}},
	{name: "asking about another phone", steps: []string{
		"I have a Samsung Galaxy S23.", "Would a Pixel be better for photos?"},
		facts: []string{"Samsung"}, never: []string{"has a Pixel"}},
	{name: "maybe a diet next year", steps: []string{
		"I eat meat.", "Maybe I'll go vegetarian next year."},
		facts: []string{"eats meat"}, never: []string{"User is vegetarian"}},

	// Spanish, German and French first-person changes.
	{name: "spanish new city of work", steps: []string{
		"Trabajo en Zaragoza.", "Ahora trabajo en Málaga."},
		facts: []string{"Málaga"}, gone: []string{"Zaragoza"}, kept: true},
	{name: "spanish no dog anymore", steps: []string{
		"Tengo un perro.", "Ya no tengo perro."},
		gone: []string{"perro"}, kept: true},
	{name: "german new role", steps: []string{
		"Ich bin Lehrer.", "Ich bin jetzt Schulleiter."},
		facts: []string{"Schulleiter"}, gone: []string{"Lehrer"}, kept: true},
	{name: "german stopped smoking", steps: []string{
		"Ich rauche.", "Ich rauche nicht mehr."},
		gone: []string{"rauche"}, kept: true},
	{name: "french move", steps: []string{
		"J'habite à Nantes.", "J'ai déménagé à Rennes."},
		facts: []string{"Rennes"}, gone: []string{"Nantes"}, kept: true},
	{name: "french no longer a student", steps: []string{
		"Je suis étudiant.", "Je ne suis plus étudiant, je travaille maintenant."},
		gone: []string{"étudiant"}, kept: true,
		known: "French \"Je (ne) suis (plus) étudiant\" is not read"},

	// Dedupe: one fact said again in other words.
	{name: "nurse by profession", steps: []string{
		"I work as a nurse.", "I'm a nurse by profession."},
		once: []string{"nurse"}},
	{name: "two dogs got", steps: []string{
		"I have two dogs.", "I've got 2 dogs."},
		once: []string{"dogs"}},
	{name: "DC written out", steps: []string{
		"I live in DC.", "I live in Washington, DC."},
		once: []string{"live"}},
	{name: "miles spelled out", steps: []string{
		"I cycle 10 miles a day.", "I cycle ten miles a day."},
		once: []string{"cycle"}},
	{name: "married to the wife", steps: []string{
		"My wife's name is Sofia.", "I'm married to Sofia."},
		once:  []string{"Sofia"},
		known: "\"is married to Sofia\" (a status) and \"wife's name is Sofia\" (a partner) are not read as one fact"},
	{name: "not eating meat twice", steps: []string{
		"I don't eat meat.", "I do not eat meat."},
		once: []string{"meat"}},
	{name: "car said two ways", steps: []string{
		"I drive a Tesla Model 3.", "My car is a Tesla Model 3."},
		once: []string{"Model 3"}},
	{name: "weekday fronted", steps: []string{
		"I go swimming every Tuesday.", "Every Tuesday I go swimming."},
		once: []string{"swim"}},
	{name: "allergy as a noun", steps: []string{
		"I'm allergic to shellfish.", "I have a shellfish allergy."},
		once: []string{"shellfish"}},
	{name: "son's age without years", steps: []string{
		"My son is 8 years old.", "My son is eight."},
		once: []string{"son"}},
	{name: "remote and from home", steps: []string{
		"I work from home.", "I work remotely."},
		once:  []string{"works"},
		known: "\"works remotely\" and \"works from home\" are not read as one way of working"},
	{name: "grew up and raised", steps: []string{
		"I grew up in Ohio.", "I was raised in Ohio."},
		once: []string{"Ohio"}},
	{name: "degree said as a title", steps: []string{
		"I graduated from MIT.", "I'm an MIT graduate."},
		once: []string{"MIT"}},
	{name: "french restated with another verb", steps: []string{
		"J'habite à Lille.", "Je vis à Lille."},
		once: []string{"Lille"}},
	{name: "doctorate and PhD", steps: []string{
		"I have a PhD in chemistry.", "I hold a PhD in chemistry."},
		once:  []string{"chemistry"},
		known: "\"holds a PhD\" and \"has a PhD\" are two verbs, each of many values"},

	// Dedupe's look-alikes: two facts that must both stay.
	{name: "two supplements", steps: []string{
		"I take vitamin D.", "I take iron supplements."},
		facts: []string{"vitamin D", "iron"}},
	{name: "two children's subjects", steps: []string{
		"My daughter studies law.", "My son studies medicine."},
		facts: []string{"law", "medicine"}},
	{name: "a cat and a dog", steps: []string{
		"I have a cat.", "I have a dog too."},
		facts: []string{"cat", "dog"}},
	{name: "two languages", steps: []string{
		"I speak French.", "I speak Portuguese."},
		facts: []string{"French", "Portuguese"}},
	{name: "two monthly costs", steps: []string{
		"My rent is $900 a month.", "My car payment is $400 a month."},
		facts: []string{"900", "400"}},
}

// TestSupersedeFifteenth runs the fifteenth round on fresh engines.
func TestSupersedeFifteenth(t *testing.T) {
	runScenarios(t, supersedeFifteenth)
}
