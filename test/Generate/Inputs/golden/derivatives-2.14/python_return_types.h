// @generated from ../tools/autograd/templates/python_return_types.h
// The getters of examples/basic's structseq types.

#pragma once

namespace torch { namespace autograd { namespace generated {

PyTypeObject* get_max_structseq();
PyTypeObject* get_svd_triple_structseq();

}}} // namespace torch::autograd::generated
