// ${generated_comment}

#include <torch/csrc/autograd/generated/ViewFuncs.h>

namespace torch::autograd::generated {

${view_func_definitions}

} // namespace torch::autograd::generated
