package policy

import (
	"time"

	"hvlb/internal/apitypes"
)

// NF is one real service of the virtual service, with its latest measurements.
type NF struct {
	// ID names the NF (the real's key, "addr:port"); IDs are unique within a service.
	ID      string
	Healthy bool
	// Paths holds one measurement per forwarder that reaches the NF.
	Paths []Path
	CPU   CPU
}

// Path is a forwarder's latest measurement of its path to an NF.
type Path struct {
	Forwarder      string
	RTTMs          float64
	ThroughputMbps float64 // towards the NF, from the forwarder's per-RS byte counters
	CapacityMbps   float64 // the path's capacity; 0: Params.DefaultCapacityMbps
	At             time.Time
}

// CPU is an NF's CPU utilisation ω (0..1, the average over its cores) and when it was
// measured. A zero At means no measurement.
type CPU struct {
	Utilization float64
	At          time.Time
}

// The policy's outcome is what GET /v1/services/{id}/policy shows, so its types are
// declared with the API's (internal/apitypes, where their fields are documented); these
// are their names here.
type (
	// Data says what an input was based on.
	Data = apitypes.PolicyData
	// Range is a share [Lo, Hi) of [0, 1): the paper's tr_i for the random scheduler.
	Range = apitypes.PolicyRange
	// PathView is one path of an NF after smoothing.
	PathView = apitypes.PolicyPath
	// Explanation is what the policy made of one NF: the inputs after smoothing, the
	// scores and the weight, and why it was filtered.
	Explanation = apitypes.PolicyExplanation
	// Result is the outcome of one Update.
	Result = apitypes.PolicyResult
)

const (
	DataFresh   = apitypes.PolicyDataFresh   // a measurement younger than StaleAfter
	DataStale   = apitypes.PolicyDataStale   // only measurements older than StaleAfter
	DataMissing = apitypes.PolicyDataMissing // no valid measurement ever
)
