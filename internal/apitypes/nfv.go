package apitypes

import "hvlb/internal/model"

// The NFV manager's side of the API: load-balancing requests and NF load.

// LBRequestInput is the body of POST /v1/lb-requests.
type LBRequestInput struct {
	Protocol  string `json:"protocol"`
	VIP       string `json:"vip"`
	Port      *int   `json:"port"` // required (0: every port)
	Mode      string `json:"mode,omitempty"`
	Encap     string `json:"encap,omitempty"` // with mode tunnel: ipip or gue
	Scheduler string `json:"scheduler,omitempty"`
	NFs       []NF   `json:"nfs"`
	Upstream  string `json:"upstream,omitempty"`
}

// NF is one network function of an LBRequestInput; an absent port is the request's, an
// absent weight model.DefaultWeight.
type NF struct {
	Address string `json:"address"`
	Port    *int   `json:"port,omitempty"`
	Weight  *int   `json:"weight,omitempty"`
}

// LBRequest is a load-balancing request as the API shows it: with its service once
// accepted (absent when the service was deleted since).
type LBRequest struct {
	model.LBRequest
	Service *Service `json:"service,omitempty"`
}

// NFLoadInput is the body of POST /v1/nf-load: the NFV manager pushes its NFs' CPU
// utilisation, an input of the comprehensive policy besides (or instead of) scraping each
// real's metrics_url.
type NFLoadInput struct {
	Samples []NFLoadSample `json:"samples"`
}

// NFLoadSample is one NF's CPU utilisation.
type NFLoadSample struct {
	Address        string   `json:"address"`
	CPUUtilization *float64 `json:"cpu_utilization"` // required, 0..1
	At             string   `json:"at,omitempty"`    // RFC 3339; empty: now
}

// NFLoadResult is the reply to POST /v1/nf-load.
type NFLoadResult struct {
	Accepted int `json:"accepted"`
}
