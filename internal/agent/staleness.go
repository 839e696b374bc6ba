package agent

import "hvlb/internal/pb/ctlpb"

// olderThan says whether desired state ds is older than what the agent took (version
// taken, of a store of epoch takenEpoch; 0: none named), and why. A store's epoch is when
// it was made: a state of a store made later is newer whatever its version (the store was
// made again from scratch, and its versions start again at 1); one of a store made earlier
// is older. Within one store, or when either epoch is unknown (an older controller), the
// versions decide.
func olderThan(ds *ctlpb.DesiredState, taken, takenEpoch uint64) (bool, string) {
	e := ds.GetStoreEpoch()
	switch {
	case e != 0 && takenEpoch != 0 && e < takenEpoch:
		return true, "a store made before the one taken"
	case e != 0 && takenEpoch != 0 && e > takenEpoch:
		return false, ""
	case ds.GetVersion() < taken:
		return true, "an older version"
	}
	return false, ""
}
