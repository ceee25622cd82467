// ${generated_comment}
// The torch.nested functions of examples/basic's operators.

#include "torch/csrc/utils/python_arg_parser.h"

$ops_headers

namespace torch { namespace autograd {

${py_forwards}

static PyMethodDef nested_functions[] = {
  ${py_method_defs}
  {nullptr}
};

${py_methods}

}} // namespace torch::autograd
