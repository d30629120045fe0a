package service_test

import "testing"

// voiceSetMemories are a held-out set for how a prompt's voice (a question
// about the world, a request about the user's own life) moves relevance: a
// pastry chef in a Chilean port city who keeps bees, sails a small dinghy,
// writes embedded Rust for a hobby weather station, and cares for an aunt,
// written as agents write memories. Written before reading the voice-shift
// code, and never tuned to.
var voiceSetMemories = []string{
	"User lives in Valparaíso, Chile, in a house on Cerro Alegre",
	"User is a pastry chef and runs a small bakery called Masa Madre",
	"User keeps three beehives on the hillside behind the house",
	"User sails a Laser dinghy at the yacht club on weekends",
	"User's aunt Rosario lives with them and uses a wheelchair",
	"User is lactose intolerant",
	"User's hobby weather station firmware is written in Rust for an ESP32",
	"The weather station pushes readings over MQTT to a Mosquitto broker on a Raspberry Pi",
	"Commits to the firmware repository must be signed and follow Conventional Commits",
	"User's nephew Tomás is studying marine biology in Concepción",
	"User speaks Spanish at home and English with customers",
	"User's bakery opens at 6 am and closes on Mondays",
	"User is saving for a wood-fired oven for the bakery",
	"User's dog Canela is a greyhound rescued from a racetrack",
	"User sleeps badly and avoids screens after 10 pm",
}

// TestPromptRelevanceByVoice is the prompt hook in miniature on the voice
// set. Its unrelated prompts are first-person requests about nothing stored
// ("fix my typo", "review my pull request", "my loop"), in English and
// other languages, and world questions near a stored topic. Its related
// prompts include world questions about a thing the user stored ("the
// capital of the country I live in", "how far is it from my city"), first-
// person requests, and neutral ones. Measured when written: without the
// voice shift 10/10 quiet, 5/10 found; with it 10/10 and 4/10 (the
// dinghy's "is the wind good enough … tomorrow", a question about the
// user's own plans, was lowered as one about the world); the speaker's
// day (speaksOfSomeone) gives it back. The thresholds hold 10 and 5.
// Links in meaning from a word no memory holds (search.nearInHits, the
// word vectors) raised found 5 → 6 of 10; the floor holds that.
// A first-person prompt's nearest hit in meaning (search.liftNearestInMeaning,
// the sentence encoder) raised found 6 → 7; the floor holds that.
func TestPromptRelevanceByVoice(t *testing.T) {
	injected := promptHook(t, voiceSetMemories)
	unrelated := []string{
		"fix my typo in the README",
		"can you review my pull request for naming issues",
		"my loop is off by one, can you spot it",
		"why does my function return nil sometimes",
		"check the grammar of my cover letter",
		"I want to understand how a transistor works",
		"how tall is the eiffel tower",
		"je voudrais apprendre à jouer aux échecs",
		"mi computadora está muy lenta, qué hago",
		"what's the boiling point of ethanol",
	}
	related := []relatedPrompt{
		{"what's the capital of the country I live in?", voiceSetMemories[0]},
		{"what should I feed my bees over the winter", voiceSetMemories[2]},
		{"is the wind good enough to take the dinghy out tomorrow", voiceSetMemories[3]},
		{"find a restaurant with step-free access for my aunt", voiceSetMemories[4]},
		{"can I have a milkshake without getting sick", voiceSetMemories[5]},
		{"add a humidity sensor reading to the firmware", voiceSetMemories[6]},
		{"write the commit message for this change", voiceSetMemories[8]},
		{"what day is the bakery closed", voiceSetMemories[11]},
		{"how much does a wood-fired oven cost", voiceSetMemories[12]},
		{"what's a good walk for a greyhound in hot weather", voiceSetMemories[13]},
	}
	quiet, found := floorCounts(t, injected, unrelated, related)
	t.Logf("unrelated quiet %d/%d; related found %d/%d", quiet, len(unrelated), found, len(related))
	if quiet < 10 || found < 7 {
		t.Errorf("unrelated quiet %d/%d (want 10), related found %d/%d (want ≥ 7)", quiet, len(unrelated), found, len(related))
	}
}
