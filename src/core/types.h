#pragma once

#include <Eigen/Core>

#include <cstddef>
#include <vector>

/// The attention core: pure C++ and Eigen, no Qt. Vectors are column vectors; key and value
/// sets are matrices with one row per key.
namespace attn {

using Vector = Eigen::VectorXd;
using Matrix = Eigen::MatrixXd;
using Mask = std::vector<bool>;

/// The score functions the app teaches. MultiHead is a structure built on Scaled.
enum class Method
{
    Dot,
    Scaled,
    Cosine,
    General,
    Additive,
    MultiHead
};

inline constexpr int kMethodCount = 6;

/// The identifier used in scene files, reports and on the command line ("dot", "scaled", ...).
const char *methodId(Method method);

/// Parses an identifier written by methodId(); returns false for anything else.
bool methodFromId(const char *id, Method &out);

} // namespace attn
