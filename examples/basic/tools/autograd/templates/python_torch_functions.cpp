// ${generated_comment}
// The torch.* functions of examples/basic's operators (shard ${shard_id}).

#include "torch/csrc/utils/python_arg_parser.h"

$ops_headers

namespace torch { namespace autograd {

${py_forwards}

static PyMethodDef torch_functions_shard[] = {
  ${py_method_defs}
};

void gatherTorchFunctions${shard_id}(std::vector<PyMethodDef> &torch_functions) {
  constexpr size_t num_functions = sizeof(torch_functions_shard) / sizeof(torch_functions_shard[0]);
  torch_functions.insert(torch_functions.end(), torch_functions_shard,
                         torch_functions_shard + num_functions);
}

${py_methods}

}} // namespace torch::autograd
