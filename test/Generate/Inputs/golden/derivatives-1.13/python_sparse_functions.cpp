// @generated from ../tools/autograd/templates/python_sparse_functions.cpp
// The torch.sparse functions of examples/basic's operators.

#include "torch/csrc/utils/python_arg_parser.h"



namespace torch { namespace autograd {



static PyMethodDef sparse_functions[] = {

  {nullptr}
};



}} // namespace torch::autograd
