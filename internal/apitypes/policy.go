package apitypes

import (
	"fmt"
	"math"
	"reflect"
	"strings"
	"time"

	"hvlb/internal/model"
)

// PolicyInput is a service's "policy" in a request body: the kind, and for comprehensive
// any of the policy's parameters (the server gives the absent ones their defaults). The
// parameters are model.PolicyParams's fields, by the same names and in the same order, as
// pointers: a test keeps the two in step.
type PolicyInput struct {
	Kind                string   `json:"kind"`
	Gamma               *float64 `json:"gamma,omitempty"`
	MaxRTTMs            *float64 `json:"max_rtt_ms,omitempty"`
	MinAvailMbps        *float64 `json:"min_avail_mbps,omitempty"`
	CPUHigh             *float64 `json:"cpu_high,omitempty"`
	CPUHysteresis       *float64 `json:"cpu_hysteresis,omitempty"`
	Smoothing           *float64 `json:"smoothing,omitempty"`
	SmoothingTauMS      *int64   `json:"smoothing_tau_ms,omitempty"`
	RTTJumpRatio        *float64 `json:"rtt_jump_ratio,omitempty"`
	ChangeThreshold     *float64 `json:"change_threshold,omitempty"`
	StaleAfterMS        *int64   `json:"stale_after_ms,omitempty"`
	Scale               *int     `json:"scale,omitempty"`
	DefaultCapacityMbps *float64 `json:"default_capacity_mbps,omitempty"`
	RTTFloorMS          *float64 `json:"rtt_floor_ms,omitempty"`
}

var policyInputType = reflect.TypeFor[PolicyInput]()

// The parameters are PolicyInput's fields after Kind.
const firstParam = 1

func jsonName(f reflect.StructField) string {
	name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
	return name
}

// PolicyParamNames returns the JSON names of the policy's parameters, in the API's order.
func PolicyParamNames() []string {
	var out []string
	for i := firstParam; i < policyInputType.NumField(); i++ {
		out = append(out, jsonName(policyInputType.Field(i)))
	}
	return out
}

// PolicyInputOf returns p as a request body gives it back: its kind and, when it has them,
// every parameter.
func PolicyInputOf(p Policy) *PolicyInput {
	in := &PolicyInput{Kind: p.Kind}
	if p.PolicyParams == nil {
		return in
	}
	vin, vp := reflect.ValueOf(in).Elem(), reflect.ValueOf(p.PolicyParams).Elem()
	for i := firstParam; i < vin.NumField(); i++ {
		f := policyInputType.Field(i)
		v := reflect.New(f.Type.Elem())
		v.Elem().Set(vp.FieldByName(f.Name))
		vin.Field(i).Set(v)
	}
	return in
}

// ApplyTo copies the parameters given onto p and returns the JSON name of the first one
// given ("" when none is). Of smoothing and smoothing_tau_ms, the one given alone is the
// one in force (model.PolicyParams.ChooseSmoothing).
func (in *PolicyInput) ApplyTo(p *model.PolicyParams) (first string) {
	defer p.ChooseSmoothing(in.Smoothing != nil, in.SmoothingTauMS != nil)
	vin, vp := reflect.ValueOf(in).Elem(), reflect.ValueOf(p).Elem()
	for i := firstParam; i < vin.NumField(); i++ {
		if vin.Field(i).IsNil() {
			continue
		}
		f := policyInputType.Field(i)
		if first == "" {
			first = jsonName(f)
		}
		vp.FieldByName(f.Name).Set(vin.Field(i).Elem())
	}
	return first
}

// param returns the field of the parameter with JSON name name.
func (in *PolicyInput) param(name string) (reflect.Value, error) {
	for i := firstParam; i < policyInputType.NumField(); i++ {
		if jsonName(policyInputType.Field(i)) == name {
			return reflect.ValueOf(in).Elem().Field(i), nil
		}
	}
	return reflect.Value{}, fmt.Errorf("policy parameter %q: no such parameter", name)
}

// Param returns the parameter with JSON name name as a number, and whether it is given.
func (in *PolicyInput) Param(name string) (float64, bool) {
	f, err := in.param(name)
	if err != nil || f.IsNil() {
		return 0, false
	}
	e := f.Elem()
	if e.CanFloat() {
		return e.Float(), true
	}
	return float64(e.Int()), true
}

// SetParam gives the parameter with JSON name name the value v. An integer parameter
// (stale_after_ms, smoothing_tau_ms, scale) takes a whole number only, as the server does.
func (in *PolicyInput) SetParam(name string, v float64) error {
	f, err := in.param(name)
	if err != nil {
		return err
	}
	p := reflect.New(f.Type().Elem())
	switch e := p.Elem(); {
	case e.CanFloat():
		e.SetFloat(v)
	case v != math.Trunc(v) || math.Abs(v) > 1<<53:
		return fmt.Errorf("%v: want a whole number", v)
	default:
		e.SetInt(int64(v))
	}
	f.Set(p)
	return nil
}

// PolicyView is GET /v1/services/{id}/policy: where a service's weights come from, the
// weights the forwarders run, and the policy's reasoning now and over time.
type PolicyView struct {
	Service string `json:"service"`
	Policy  Policy `json:"policy"`
	// Weights are what the forwarders get, by real: the policy's published weights, or
	// the operator's (static, or nothing published yet); 0 for drained reals.
	Weights map[string]int `json:"weights"`
	// PerForwarder are the weights each forwarder of a sync pool gets from its own paths,
	// by forwarder id then real, where it has a set of its own (others get Weights;
	// docs/scheduling.md, "Weights per forwarder").
	PerForwarder map[string]map[string]int `json:"per_forwarder,omitempty"`
	// Source is where Weights come from: PolicySourcePolicy or PolicySourceOperator.
	Source string `json:"source"`
	// Published is when and why the weights in force were published, and the store
	// version that carries them (absent: none).
	Published *PublishedWeights `json:"published,omitempty"`
	// Current is the latest update (absent: none yet, or a static service).
	Current *PolicyResult `json:"current,omitempty"`
	// History holds earlier updates, oldest first (as many as the controller's
	// PolicyConfig.HistorySize).
	History   []*PolicyResult `json:"history"`
	Fallbacks uint64          `json:"fallbacks"` // times every NF was filtered out
	Publishes uint64          `json:"publishes"` // since the controller started
	Scrapes   []ScrapeStatus  `json:"scrapes"`   // the reals' metrics endpoints
	Error     string          `json:"error,omitempty"`
}

// Where a PolicyView's weights come from.
const (
	PolicySourcePolicy   = "policy"   // the policy's published weights
	PolicySourceOperator = "operator" // the reals' weights
)

// PublishedWeights is the stored record of a publication.
type PublishedWeights struct {
	At      time.Time `json:"at"`
	Reason  string    `json:"reason"`
	Version uint64    `json:"version"`
}

// The comprehensive policy's outcome (internal/policy) is shown as it is, so its types are
// declared here and internal/policy names them.

// PolicyData says what an input was based on.
type PolicyData string

const (
	PolicyDataFresh   PolicyData = "fresh"   // a measurement younger than stale_after_ms
	PolicyDataStale   PolicyData = "stale"   // only measurements older than stale_after_ms
	PolicyDataMissing PolicyData = "missing" // no valid measurement ever
)

// PolicyRange is a share [Lo, Hi) of [0, 1): the paper's tr_i for the random scheduler.
type PolicyRange struct {
	Lo float64 `json:"lo"`
	Hi float64 `json:"hi"`
}

// PolicyPath is one path of an NF after smoothing.
type PolicyPath struct {
	Forwarder      string     `json:"forwarder"`
	RTTMs          float64    `json:"rtt_ms"`
	ThroughputMbps float64    `json:"throughput_mbps"`
	CapacityMbps   float64    `json:"capacity_mbps"`
	AvailMbps      float64    `json:"avail_mbps"`
	T              float64    `json:"t"`
	Data           PolicyData `json:"data"`
	AgeMS          int64      `json:"age_ms"`
	// Fail says which bound the path fails ("" when it passes or is not fresh).
	Fail string `json:"fail,omitempty"`
}

// PolicyExplanation is what the policy made of one NF: the inputs after smoothing, the
// scores and the weight, and why it was filtered.
type PolicyExplanation struct {
	ID      string       `json:"id"`
	Healthy bool         `json:"healthy"`
	Paths   []PolicyPath `json:"paths"`
	// BestPath is the forwarder whose path gave T ("" when no fresh path passes).
	BestPath string     `json:"best_path,omitempty"`
	PathData PolicyData `json:"path_data"`
	CPU      float64    `json:"cpu"` // ω after smoothing, or the neutral value
	CPUData  PolicyData `json:"cpu_data"`
	CPUAgeMS int64      `json:"cpu_age_ms"`
	T        float64    `json:"t"` // transmit ability, Mbps/ms (or the neutral value)
	Phi      float64    `json:"phi"`
	Eta      float64    `json:"eta"`
	A        float64    `json:"a"`
	Lambda   float64    `json:"lambda"`
	// Weight is the weight computed now; Published the weight in force after this update.
	Weight    int         `json:"weight"`
	Published int         `json:"published"`
	Range     PolicyRange `json:"range"` // tr_i over the published weights
	// Filtered is why the NF gets no share ("" when it survived the filters).
	Filtered string `json:"filtered,omitempty"`
	// Notes flag neutral values and ignored samples.
	Notes []string `json:"notes,omitempty"`
}

// PolicyResult is the outcome of one update of the policy.
type PolicyResult struct {
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
	Fallback bool                `json:"fallback"`
	Alerts   []string            `json:"alerts,omitempty"`
	NFs      []PolicyExplanation `json:"nfs"` // in ID order
}

// ScrapeFormat is the kind of exporter a metrics endpoint is (internal/nfload).
type ScrapeFormat string

// ScrapeTarget is one NF's Prometheus endpoint, as internal/nfload's poller is given it.
type ScrapeTarget struct {
	// NF names the NF (the real's key, "addr:port"); samples are stored under it.
	NF string `json:"nf"`
	// URL is the metrics endpoint, http or https.
	URL string `json:"url"`
	// Format is the exporter's kind; "" is auto.
	Format ScrapeFormat `json:"format,omitempty"`
	// Metric is the gauge's name for the gauge format ("": hvlb_nf_cpu_utilization).
	Metric string `json:"metric,omitempty"`
	// Labels select the series (every label must match): the domain of a libvirt host,
	// the CPUs of a node that are the NF's.
	Labels map[string]string `json:"labels,omitempty"`
}

// ScrapeStatus is where a target's scraping stands.
type ScrapeStatus struct {
	Target ScrapeTarget `json:"target"`
	// Format is the format in use (auto resolved after the first good scrape).
	Format     ScrapeFormat `json:"format,omitempty"`
	LastScrape time.Time    `json:"last_scrape"`
	// LastSample is the time of the last utilisation this target gave.
	LastSample time.Time `json:"last_sample"`
	Error      string    `json:"error,omitempty"`
}
