package extract

import "strings"

// An injury ends when its part of the body heals: "User's wrist has fully healed" ends
// "User has a broken wrist". Neither says the other's words ("broken" is not said
// again), so the two are matched by owner and part.
var (
	// injuryRe finds an injury had: group 1 the owner, 2 the part.
	injuryRe = rx(`(\S+(?:'s \S+)?) (?:has|have|had) (?:a |an )?(?:broken|sprained|fractured|injured|torn|dislocated|twisted|bruised|pulled|cracked) (\S+)\b.*`)
	// healedRe finds a part healed: group 1 the owner, 2 the part.
	healedRe = rx(`(\S+(?:'s \S+)?)'s (?:broken |sprained |fractured |injured |torn |dislocated |twisted |bruised |pulled |cracked )?(\S+) (?:has |have |is |are )?(?:now |fully |completely |finally |totally |all |pretty much )*(?:healed|recovered|mended|better)\b.*`)
)

// bodyParts are the parts an injury is had in; a thing broken ("a broken phone") heals not.
var bodyParts = set(`wrist ankle arm leg foot hand finger toe knee hip shoulder elbow rib ribs back neck collarbone nose jaw thumb hamstring achilles ligament acl tendon muscle spine pelvis heel shin calf thigh skull`)

// HealedInjury reports newFact saying a part of the body healed ("User's wrist has
// fully healed") where oldFact said its owner had an injury of that part ("User has
// a broken wrist").
func HealedInjury(oldFact, newFact string) bool {
	if !containsAny(strings.ToLower(newFact), []string{"heal", "recover", "mend", "better"}) {
		return false
	}
	h := healedRe.FindStringSubmatch(cleanFactText(newFact))
	o := injuryRe.FindStringSubmatch(cleanFactText(oldFact))
	if h == nil || o == nil {
		return false
	}
	part := strings.ToLower(h[2])
	return bodyParts[part] && part == strings.ToLower(o[2]) && strings.EqualFold(h[1], o[1])
}
