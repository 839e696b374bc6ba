package policy

import "hvlb/internal/model"

// FromModel returns the parameters a service's policy object holds. model.PolicyParams
// has Params's fields, in the same order and of the same types, so this is a plain
// conversion: it stops compiling when the two drift apart.
func FromModel(p model.PolicyParams) Params { return Params(p) }

// Model returns p as a service's policy object holds it.
func (p Params) Model() model.PolicyParams { return model.PolicyParams(p) }
