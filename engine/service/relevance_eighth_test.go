package service_test

import "testing"

// eighthSetMemories are an eighth, held-out set: a high-school chemistry
// teacher who builds a Next.js side project, coaches an under-14 football
// team, has two kids and a mortgage, and is learning Japanese, written as
// the extractor and agents write memories. Written before the eighth
// round's changes and never tuned to.
var eighthSetMemories = []string{
	"User teaches chemistry at Riverside High School, mostly Year 10 and Year 12 classes",
	"User's school day starts at 8:15 and lessons end at 3:20",
	"User marks lab reports on Sunday afternoons",
	"User's side project is LessonLoop, a Next.js app for sharing lesson plans between teachers",
	"LessonLoop uses the App Router with server components; client components only where state is needed",
	"LessonLoop is deployed on Vercel; preview deployments are created for every pull request",
	"LessonLoop stores its data in Supabase Postgres and queries it with Prisma",
	"Authentication in LessonLoop is handled by NextAuth with Google sign-in for school accounts",
	"LessonLoop is styled with Tailwind CSS and shadcn/ui components",
	"User wants TypeScript strict mode kept on and no use of the any type",
	"LessonLoop's end-to-end tests are written in Playwright and run in GitHub Actions",
	"User coaches the Riverside Rovers, an under-14 football team",
	"Rovers training is on Tuesday and Thursday at 5pm on the school field",
	"Match days are Saturday mornings; kick-off is usually at 10am",
	"The Rovers play a 4-3-3 formation and the goalkeeper is Sam Patel",
	"Parents take turns washing the team kit each week; the rota lives in a shared spreadsheet",
	"User's daughter Maya is 9 and has swimming lessons on Wednesdays",
	"User's son Leo is 6 and is allergic to peanuts",
	"The kids' school pickup is at 3:30; User's husband Dan does Mondays and Fridays",
	"Dan works as an electrician and is self-employed",
	"The mortgage is a 25-year repayment mortgage with Nationwide, fixed at 4.1% until August 2027",
	"The monthly mortgage payment is 1,180 pounds, taken on the 28th",
	"User and Dan overpay the mortgage by 100 pounds a month",
	"User is learning Japanese with WaniKani and a weekly iTalki lesson with a tutor called Aiko",
	"User is working towards the JLPT N4 exam in December",
	"User wants Japanese example sentences written with furigana for any kanji above N4",
	"The family plans a trip to Japan in summer 2027, visiting Tokyo and Kyoto",
	"User drives a 2018 Toyota Corolla hybrid; its MOT is due in May",
	"User is lactose intolerant",
	"User's laptop is a 2021 MacBook Air with an M1 chip",
}

// TestPromptRelevanceEighthSet is the prompt hook in miniature on the
// eighth set, a held-out check: nothing in the relevance model was tuned
// to it. Its related prompts are typed as people type them: everyday words
// for the memory's terms ("footy", "home loan", "hubby"), typos, bare
// imperative requests, code and logs pasted around a question, and ones
// sharing a single word with their memory. Its unrelated prompts include
// ones sharing a common word with a memory ("lesson", "team", "school",
// "kit") and agent chatter. Measured when written, before the eighth
// round's changes: 19/20 quiet ("yep that fixed it, thanks" injects the
// mortgage fixed at 4.1%), 13/25 found. With a reaction prompt judged by
// its vector alone (search.isReaction, fifteenth round) the chatter is
// quiet: 20/20. The thresholds hold those counts.
// A first-person prompt's nearest hit in meaning (search.liftNearestInMeaning,
// the sentence encoder) raised found 14 → 16; the floor holds that.
func TestPromptRelevanceEighthSet(t *testing.T) {
	injected := promptHook(t, eighthSetMemories)
	unrelated := []string{
		"ok",
		"go on",
		"looks good, commit it",
		"yep that fixed it, thanks",
		"what's the capital of australia",
		"explain big O notation with an example",
		"write a limerick about a cat",
		"how do I center a div",
		"convert 70 fahrenheit to celsius",
		"what did the romans eat for breakfast",
		"how do I squash the last three commits in git",
		"what's a good team name for a pub quiz",
		"summarise the plot of hamlet",
		"is a tomato a fruit or a vegetable",
		"give me a regex that matches an email address",
		"what year did the berlin wall fall",
		"how do I fix a dripping kitchen tap",
		"explain the difference between a mutex and a semaphore",
		"recommend a sci-fi book for a long flight",
		"how does compound interest work",
	}
	related := []relatedPrompt{
		{"what subject do I teach again", eighthSetMemories[0]},
		{"make me a revision timetable that fits around my school hours", eighthSetMemories[1]},
		{"when do I usually do my marking", eighthSetMemories[2]},
		{"add a page to lessonloop where teachers can favourite a lesson plan", eighthSetMemories[3]},
		{"should this dropdown be a server or client component?\n```tsx\nexport default function SubjectPicker({ subjects }) {\n  const [open, setOpen] = useState(false)\n  return <Menu open={open} onOpenChange={setOpen}>{subjects.map(s => <Item key={s.id}>{s.name}</Item>)}</Menu>\n}\n```", eighthSetMemories[4]},
		{"where does lessonloop get hosted", eighthSetMemories[5]},
		{"write the prisma query to fetch a teachers lesson plans with their tags", eighthSetMemories[6]},
		{"login with google is failing on my app, here's the log:\n```\n[next-auth][error][OAUTH_CALLBACK_ERROR] invalid_grant\n```\nhow do i fix it", eighthSetMemories[7]},
		{"style this card so it matches the rest of the app", eighthSetMemories[8]},
		{"can I just cast this to any to get the build passing?", eighthSetMemories[9]},
		{"write an e2e test for the signup flow", eighthSetMemories[10]},
		{"plan a 60 minute footy training session for my team", eighthSetMemories[11]},
		{"what days is trainig", eighthSetMemories[12]},
		{"what time is kick off on saturday", eighthSetMemories[13]},
		{"who's in goal for us", eighthSetMemories[14]},
		{"whose turn is it to wash the kit this week?", eighthSetMemories[15]},
		{"what day does my daughter swim", eighthSetMemories[16]},
		{"suggest a lunchbox snack for my son", eighthSetMemories[17]},
		{"who picks the kids up on friday", eighthSetMemories[18]},
		{"what does my hubby do for work", eighthSetMemories[19]},
		{"when does our fixed rate end on the home loan", eighthSetMemories[20]},
		{"how much do we pay on the morgage each month", eighthSetMemories[21]},
		{"give me some kanji flashcards for my level", eighthSetMemories[25]},
		{"what level exam am I studying for in japanese?", eighthSetMemories[24]},
		{"when is the car due its mot", eighthSetMemories[27]},
	}
	quiet, found := floorCounts(t, injected, unrelated, related)
	t.Logf("unrelated quiet %d/%d; related found %d/%d", quiet, len(unrelated), found, len(related))
	if quiet < 20 || found < 17 {
		t.Errorf("unrelated quiet %d/%d (want ≥ 20), related found %d/%d (want ≥ 17)", quiet, len(unrelated), found, len(related))
	}
}
