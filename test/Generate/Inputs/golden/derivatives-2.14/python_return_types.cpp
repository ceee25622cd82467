// @generated from ../tools/autograd/templates/python_return_types.cpp
// The structseq types of examples/basic's named returns.

#include "torch/csrc/autograd/generated/python_return_types.h"

namespace torch { namespace autograd { namespace generated {

PyTypeObject* get_max_structseq() {
    static PyStructSequence_Field NamedTuple_fields[] = { {"values", ""}, {"indices", ""},  {nullptr} };
    static PyTypeObject maxNamedTuple;
    static bool is_initialized = false;
    static PyStructSequence_Desc desc = { "torch.return_types.max", nullptr, NamedTuple_fields, 2 };
    if (!is_initialized) {
        PyStructSequence_InitType(&maxNamedTuple, &desc);
        maxNamedTuple.tp_repr = (reprfunc)torch::utils::returned_structseq_repr;
        is_initialized = true;
    }
    return &maxNamedTuple;
}
PyTypeObject* get_svd_triple_structseq() {
    static PyStructSequence_Field NamedTuple_fields[] = { {"U", ""}, {"S", ""}, {"V", ""},  {nullptr} };
    static PyTypeObject svd_tripleNamedTuple;
    static bool is_initialized = false;
    static PyStructSequence_Desc desc = { "torch.return_types.svd_triple", nullptr, NamedTuple_fields, 3 };
    if (!is_initialized) {
        PyStructSequence_InitType(&svd_tripleNamedTuple, &desc);
        svd_tripleNamedTuple.tp_repr = (reprfunc)torch::utils::returned_structseq_repr;
        is_initialized = true;
    }
    return &svd_tripleNamedTuple;
}

}}} // namespace torch::autograd::generated

namespace torch { namespace autograd {

// PyTorch 1.13 maps names to the types,
std::map<std::string, PyTypeObject*>& get_namedtuple_types_map() {
  static std::map<std::string, PyTypeObject*> namedtuple_types_map = {

  };
  return namedtuple_types_map;
}

// 2.x registers them with the module.
void initReturnTypes(PyObject* return_types_module) {
  addReturnType(return_types_module, "max", generated::get_max_structseq());
  addReturnType(return_types_module, "svd_triple", generated::get_svd_triple_structseq());
}

}} // namespace torch::autograd
