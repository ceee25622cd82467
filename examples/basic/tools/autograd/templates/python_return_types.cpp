// ${generated_comment}
// The structseq types of examples/basic's named returns.

#include "torch/csrc/autograd/generated/python_return_types.h"

namespace torch { namespace autograd { namespace generated {

${py_return_types}

}}} // namespace torch::autograd::generated

namespace torch { namespace autograd {

// PyTorch 1.13 maps names to the types,
std::map<std::string, PyTypeObject*>& get_namedtuple_types_map() {
  static std::map<std::string, PyTypeObject*> namedtuple_types_map = {
    ${py_return_types_map}
  };
  return namedtuple_types_map;
}

// 2.x registers them with the module.
void initReturnTypes(PyObject* return_types_module) {
  ${py_return_types_registrations}
}

}} // namespace torch::autograd
