package policy

import "time"

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

// Data says what an input was based on.
type Data string

const (
	DataFresh   Data = "fresh"   // a measurement younger than StaleAfter
	DataStale   Data = "stale"   // only measurements older than StaleAfter
	DataMissing Data = "missing" // no valid measurement ever
)

// Range is a share [Lo, Hi) of [0, 1): the paper's tr_i for the random scheduler.
type Range struct {
	Lo float64 `json:"lo"`
	Hi float64 `json:"hi"`
}

// PathView is one path of an NF after smoothing.
type PathView struct {
	Forwarder      string  `json:"forwarder"`
	RTTMs          float64 `json:"rtt_ms"`
	ThroughputMbps float64 `json:"throughput_mbps"`
	CapacityMbps   float64 `json:"capacity_mbps"`
	AvailMbps      float64 `json:"avail_mbps"`
	T              float64 `json:"t"`
	Data           Data    `json:"data"`
	AgeMS          int64   `json:"age_ms"`
	// Fail says which bound the path fails ("" when it passes or is not fresh).
	Fail string `json:"fail,omitempty"`
}

// Explanation is what the policy made of one NF: the inputs after smoothing, the scores
// and the weight, and why it was filtered.
type Explanation struct {
	ID      string     `json:"id"`
	Healthy bool       `json:"healthy"`
	Paths   []PathView `json:"paths"`
	// BestPath is the forwarder whose path gave T ("" when no fresh path passes).
	BestPath string  `json:"best_path,omitempty"`
	PathData Data    `json:"path_data"`
	CPU      float64 `json:"cpu"` // ω after smoothing, or the neutral value
	CPUData  Data    `json:"cpu_data"`
	CPUAgeMS int64   `json:"cpu_age_ms"`
	T        float64 `json:"t"` // transmit ability, Mbps/ms (or the neutral value)
	Phi      float64 `json:"phi"`
	Eta      float64 `json:"eta"`
	A        float64 `json:"a"`
	Lambda   float64 `json:"lambda"`
	// Weight is the weight computed now; Published the weight in force after this update.
	Weight    int   `json:"weight"`
	Published int   `json:"published"`
	Range     Range `json:"range"` // tr_i over the published weights
	// Filtered is why the NF gets no share ("" when it survived the filters).
	Filtered string `json:"filtered,omitempty"`
	// Notes flag neutral values and ignored samples.
	Notes []string `json:"notes,omitempty"`
}

// Result is the outcome of one Update.
type Result struct {
	At time.Time `json:"at"`
	// Weights are the weights in force after this update, by NF ID: the new ones when
	// Publish is true, the previously published ones otherwise.
	Weights map[string]int `json:"weights"`
	Publish bool           `json:"publish"`
	// Reason says why the weights were published, or why not.
	Reason string `json:"reason"`
	// Change is Σ|computed − previously published| / (2 × Scale).
	Change float64 `json:"change"`
	// Fallback is true when every healthy NF was filtered out and all got equal weights.
	Fallback bool          `json:"fallback"`
	Alerts   []string      `json:"alerts,omitempty"`
	NFs      []Explanation `json:"nfs"` // in ID order
}
