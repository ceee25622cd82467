// ${generated_comment}
// The Tensor methods of examples/basic's operators.

#include "torch/csrc/utils/python_arg_parser.h"

$ops_headers

namespace torch { namespace autograd {

${py_methods}

PyMethodDef variable_methods[] = {
  ${py_method_defs}
  {nullptr}
};

}} // namespace torch::autograd
