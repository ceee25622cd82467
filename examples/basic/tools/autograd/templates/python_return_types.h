// ${generated_comment}
// The getters of examples/basic's structseq types.

#pragma once

namespace torch { namespace autograd { namespace generated {

${py_return_types_declarations}

}}} // namespace torch::autograd::generated
