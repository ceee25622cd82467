// ${generated_comment}
// The torch.fft functions of examples/basic's operators.

#include "torch/csrc/utils/python_arg_parser.h"

$ops_headers

namespace torch { namespace autograd {

${py_forwards}

static PyMethodDef fft_functions[] = {
  ${py_method_defs}
  {nullptr}
};

${py_methods}

}} // namespace torch::autograd
